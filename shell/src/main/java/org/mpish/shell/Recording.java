package org.mpish.shell;

import java.io.IOException;
import java.nio.file.Path;
import org.mpish.runtime.catalog.Catalogue;

/** The shell's {@code record}: the {@link Recorder} writing the session as a script, when one is on. */
final class Recording {
    private final Printer printer;
    private final Catalogue catalogue;
    private Recorder recorder;

    Recording(Printer printer, Catalogue catalogue) {
        this.printer = printer;
        this.catalogue = catalogue;
    }

    /** Starts writing to {@code file} (ending any recording before); {@code ranks}: the job size the replay needs. */
    void start(Path file, int ranks) throws IOException {
        stop();
        recorder = new Recorder(file, ranks, catalogue);
    }

    void stop() {
        if (recorder == null) return;
        try {
            recorder.close();
        } catch (IOException e) {
            printer.error("record: " + e.getMessage());
        }
        recorder = null;
    }

    /** The recorder, or null when not recording. */
    Recorder recorder() { return recorder; }
}
