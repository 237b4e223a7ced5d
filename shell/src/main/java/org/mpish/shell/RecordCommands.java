package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** record, save, transcript: turning a session into files. */
final class RecordCommands {
    private RecordCommands() {}

    static String fileArg(LineParser.Line line, String usage) {
        if (line.args().size() != 1) throw new IllegalArgumentException("usage: " + usage);
        return line.args().get(0).text();
    }

    static final class Record implements Builtin {
        @Override public String name() { return "record"; }
        @Override public String usage() { return "record FILE | record off"; }
        @Override public String summary() { return "write every following call as JavaScript, replayable with `mpish run`"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            String f = fileArg(line, usage());
            if (f.equals("off")) {
                s.stopRecording();
                return true;
            }
            try {
                s.startRecording(Path.of(f));
            } catch (IOException e) {
                return s.failure("record: cannot write " + f + ": " + e.getMessage());
            }
            s.printer().println("recording to " + f + " (replay: mpish run -n " + s.size() + " " + f + ")");
            return true;
        }
    }

    static final class Save implements Builtin {
        @Override public String name() { return "save"; }
        @Override public String usage() { return "save FILE"; }
        @Override public String summary() { return "write the commands typed so far to FILE (run them again with `source`)"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            String f = fileArg(line, usage());
            try {
                Files.write(Path.of(f), s.inputHistory());
            } catch (IOException e) {
                return s.failure("save: cannot write " + f + ": " + e.getMessage());
            }
            s.printer().println("saved " + s.inputHistory().size() + " commands to " + f);
            return true;
        }
    }

    static final class Transcript implements Builtin {
        @Override public String name() { return "transcript"; }
        @Override public String usage() { return "transcript FILE | transcript off"; }
        @Override public String summary() { return "copy every command and all output to FILE"; }
        @Override public boolean run(Session s, LineParser.Line line) {
            String f = fileArg(line, usage());
            try {
                s.printer().transcript(f.equals("off") ? null : Path.of(f));
            } catch (IOException e) {
                return s.failure("transcript: cannot write " + f + ": " + e.getMessage());
            }
            return true;
        }
    }
}
