package org.mpish.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the real ./mpish launcher as a person would, capturing output and exit status. */
public final class Launcher {
    public record Result(int status, String out, String err) {
        @Override public String toString() { return "status " + status + "\n--- stdout\n" + out + "--- stderr\n" + err; }
    }

    private Launcher() {}

    public static Result run(String stdin, String... args) throws IOException, InterruptedException {
        return run(stdin, 120, args);
    }

    public static Result run(String stdin, int timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Repo.root().resolve("mpish").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(Repo.root().toFile());
        pb.environment().put("MPISH_HISTFILE", "");
        pb.environment().remove("NO_COLOR");
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (stdin != null) p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("mpish " + String.join(" ", args) + " did not end within " + timeoutSeconds + " s");
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    public static Path root() { return Repo.root(); }
}
