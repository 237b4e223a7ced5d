package org.mpish.shell.repl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jline.console.ArgDesc;
import org.jline.console.CmdDesc;
import org.jline.console.CmdLine;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.widget.TailTipWidgets;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Param;
import org.mpish.shell.Builtin;
import org.mpish.shell.Session;

/** While a call is typed, the parameters still to come appear after the cursor and the synopsis below the line. */
final class SynopsisTips {
    private SynopsisTips() {}

    static TailTipWidgets install(LineReader reader, Session session) {
        TailTipWidgets w = new TailTipWidgets(reader, line -> describe(session, line), 3, TailTipWidgets.TipType.COMBINED);
        w.enable();
        return w;
    }

    private static CmdDesc describe(Session session, CmdLine line) {
        List<String> args = line.getArgs();
        if (args.isEmpty()) return null;
        String word = args.get(0).startsWith("@") && args.size() > 1 ? args.get(1) : args.get(0);
        Call c = session.catalogue().call(word);
        if (c != null) {
            List<ArgDesc> ad = new ArrayList<>();
            for (Param p : c.inputs()) ad.add(new ArgDesc(p.name(), List.of(new AttributedString(p.cDecl() + " (" + p.dir() + ")"))));
            List<AttributedString> main = List.of(new AttributedString(c.shellSynopsis() + "  - " + c.summary()));
            return new CmdDesc(main, ad, Map.of());
        }
        Builtin b = session.builtins().get(word.toLowerCase());
        if (b != null) return new CmdDesc(List.of(new AttributedString(b.usage() + "  - " + b.summary())), List.of(), Map.of());
        return null;
    }
}
