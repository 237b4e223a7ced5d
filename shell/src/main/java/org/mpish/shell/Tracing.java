package org.mpish.shell;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.mpish.runtime.Event;
import org.mpish.runtime.Job;

/**
 * The shell's {@code trace}: which event families are shown as they happen, and the events kept since tracing
 * was turned on (for {@code trace save}). It follows the session's job: {@link JobControl} attaches it to each
 * new job and detaches it from the old one.
 */
final class Tracing {
    private static final int BUFFER_LIMIT = 1_000_000;

    private final Printer printer;
    private final List<Event> buffer = Collections.synchronizedList(new ArrayList<>());
    private Set<String> families = Set.of();
    private Runnable off;

    Tracing(Printer printer) { this.printer = printer; }

    Set<String> families() { return families; }

    /** Shows events of these families from {@code job} (null: none yet) as they happen (empty: trace off; "all": every family). */
    void set(Set<String> families, Job job) {
        detach();
        this.families = Set.copyOf(families);
        attach(job);
    }

    /** Starts following {@code job} with the current families. */
    void attach(Job job) {
        if (families.isEmpty() || job == null) return;
        off = job.onEvent(this::show);
    }

    void detach() {
        if (off != null) {
            off.run();
            off = null;
        }
    }

    private void show(Event e) {
        if (!families.contains("all") && !families.contains(e.family()) && !e.family().equals("call")) return;
        if (buffer.size() < BUFFER_LIMIT) buffer.add(e);
        if (e.family().equals("call")) return; // call spans go to `trace save`, not the screen
        printer.async(printer.dim("trace [" + e.rank() + "] " + e.family() + " " + e.kind() + ": ") + e.text());
    }

    /** The events seen since tracing was turned on, for `trace save`. */
    List<Event> events() {
        synchronized (buffer) {
            return new ArrayList<>(buffer);
        }
    }

    void clear() { buffer.clear(); }
}
