package org.mpish.shell;

import java.util.List;

/** Every built-in command, in the order `help` lists them. */
final class Builtins {
    private Builtins() {}

    static List<Builtin> all() {
        return List.of(
                new HelpCommands.Help(),
                new ManCommands.Man(),
                new ManCommands.Apropos(),
                new ManCommands.Whatis(),
                new SessionCommands.Rank(),
                new SessionCommands.Ranks(),
                new SessionCommands.JobCommand(),
                new SessionCommands.Trace(),
                new ScriptCommands.Js(),
                new ScriptCommands.Run(),
                new ScriptCommands.SourceFile(),
                new InspectCommands.Handles(),
                new InspectCommands.Attrs(),
                new InspectCommands.Keyvals(),
                new InspectCommands.Mem(),
                new RecordCommands.Record(),
                new RecordCommands.Save(),
                new RecordCommands.Transcript(),
                new ExploreCommands.Explore(),
                new org.mpish.shell.view.RmaViews.EpochsView(),
                new org.mpish.shell.view.RmaViews.WinMem(),
                new LapiCommands.Cntr(),
                new ViewCommands.Buffer(),
                new ViewCommands.Queues(),
                new ViewCommands.Requests(),
                new ViewCommands.Topo(),
                new ViewCommands.Eager(),
                new ViewCommands.Type(),
                new SessionCommands.Exit("exit"),
                new SessionCommands.Exit("quit"));
    }
}
