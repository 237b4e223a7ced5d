package org.mpish.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Drives the real launcher in a private tmux server, as a person at a terminal would: send keys, read the
 * screen. The pane stays alive after mpish exits so the exit status can be read ("EXITED rc=N").
 */
public final class Tmux implements AutoCloseable {
    private final String socket = "mpish-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    private final String session = "t";

    public Tmux(String env, String args) throws IOException, InterruptedException {
        String cmd = "cd " + Repo.root() + " && env " + env + " ./mpish " + args + "; echo EXITED rc=$?; sleep 60";
        tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", cmd);
    }

    public static boolean available() { return Repo.onPath("tmux"); }

    public void send(String... keys) throws IOException, InterruptedException {
        List<String> a = new ArrayList<>(List.of("send-keys", "-t", session));
        a.addAll(List.of(keys));
        tmux(a.toArray(String[]::new));
    }

    /** Types text literally (no key names). */
    public void type(String text) throws IOException, InterruptedException {
        tmux("send-keys", "-t", session, "-l", text);
    }

    public String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", session);
    }

    /** Waits until the screen matches {@code regex} (multiline); returns the screen or fails with it. */
    public String waitFor(String regex, int seconds) throws IOException, InterruptedException {
        Pattern p = Pattern.compile(regex, Pattern.MULTILINE);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        String s = "";
        while (System.nanoTime() < end) {
            s = screen();
            if (p.matcher(s).find()) return s;
            Thread.sleep(100);
        }
        throw new AssertionError("screen never matched /" + regex + "/ within " + seconds + " s:\n" + s);
    }

    /** Waits until {@code test} holds for the screen; returns the screen or fails with it and {@code what}. */
    public String waitUntil(java.util.function.Predicate<String> test, String what, int seconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        String s = "";
        while (System.nanoTime() < end) {
            s = screen();
            if (test.test(s)) return s;
            Thread.sleep(100);
        }
        throw new AssertionError("the screen never showed " + what + " within " + seconds + " s:\n" + s);
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        return out;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        tmux("kill-server");
    }
}
