package org.mpish.runtime.ffm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Learns an MPI implementation's ABI by compiling a small C program with its own {@code mpicc} and running it
 * (no MPI_Init needed: it only takes values and addresses). Chosen over reading {@code mpi.h} or the symbol table
 * because the compiler is the one authority on what a constant expands to: Open MPI's handles are addresses of
 * library globals ({@code &ompi_mpi_comm_world}), MPICH's are integers, some constants are enums, and the layout
 * of MPI_Status differs. The program reports, for each name, its C kind and value and, for a pointer into a library,
 * the symbol it points at (dladdr), which the engine looks up again in its own process (addresses move between
 * runs). The result is cached under {@code .cache/mpi/}, keyed to the library file and the list of names, so only
 * the first start after an upgrade pays for the compile (about a second).
 */
public final class Probe {
    private Probe() {}

    /** What a name is not declared in this implementation looks like in gcc's errors. */
    private static final Pattern UNDECLARED = Pattern.compile("['\u2018](MPI_[A-Za-z0-9_]+)['\u2019] undeclared");

    /** The C program for these constant names (names this implementation lacks are dropped after a first compile). */
    static String source(Set<String> names) {
        StringBuilder c = new StringBuilder("""
                #define _GNU_SOURCE
                #include <mpi.h>
                #include <dlfcn.h>
                #include <stdio.h>
                #include <stddef.h>
                #include <stdint.h>
                /* k: i an integer, p a pointer (a handle of Open MPI, a buffer address, a function) */
                static void emit(const char *name, long long v, char k) {
                    Dl_info d;
                    if (k == 'p' && v != 0 && dladdr((void *)(intptr_t)v, &d) && d.dli_sname != NULL) {
                        printf("const %s sym %s %lld\\n", name, d.dli_sname, v - (long long)(intptr_t)d.dli_saddr);
                    } else {
                        printf("const %s %c %lld\\n", name, k, v);
                    }
                }
                #define P(x) emit(#x, (long long)(intptr_t)(x), _Generic((x), char: 'i', int: 'i', unsigned: 'i', long: 'i', \\
                    unsigned long: 'i', long long: 'i', unsigned long long: 'i', default: 'p'))
                int main(void) {
                    Dl_info d;
                    char version[MPI_MAX_LIBRARY_VERSION_STRING];
                    int len = 0;
                    MPI_Get_library_version(version, &len);
                    for (int i = 0; i < len; i++) if (version[i] == '\\n') { version[i] = 0; break; }
                    printf("version %s\\n", version);
                    if (dladdr((void *)&MPI_Send, &d)) printf("library %s\\n", d.dli_fname);
                    printf("size MPI_Comm %zu\\n", sizeof(MPI_Comm));
                    printf("size MPI_Aint %zu\\n", sizeof(MPI_Aint));
                    printf("size MPI_Count %zu\\n", sizeof(MPI_Count));
                    printf("size MPI_Status %zu\\n", sizeof(MPI_Status));
                    printf("offset MPI_SOURCE %zu\\n", offsetof(MPI_Status, MPI_SOURCE));
                    printf("offset MPI_TAG %zu\\n", offsetof(MPI_Status, MPI_TAG));
                    printf("offset MPI_ERROR %zu\\n", offsetof(MPI_Status, MPI_ERROR));
                """);
        for (String n : names) c.append("    P(").append(n).append(");\n");
        return c.append("    return 0;\n}\n").toString();
    }

    /**
     * The ABI of implementation {@code impl} ("openmpi", "mpich"), from the cache in {@code cacheDir} or by running
     * the probe. {@code names}: the MPI constants the catalogue declares.
     */
    public static Abi abi(String impl, Path cacheDir, Set<String> names) throws IOException {
        String mpicc = Implementations.mpicc(impl);
        Path cached = cacheDir.resolve("abi-" + impl + "-" + Integer.toHexString(key(impl, names)) + ".txt");
        if (Files.isRegularFile(cached)) return Abi.parse(impl, Files.readString(cached));
        Files.createDirectories(cacheDir);
        Path dir = Files.createTempDirectory(cacheDir, "probe-" + impl);
        try {
            Set<String> left = new LinkedHashSet<>(names);
            Path c = dir.resolve("probe.c"), exe = dir.resolve("probe");
            for (int attempt = 0; ; attempt++) {
                Files.writeString(c, source(left));
                Run r = run(List.of(mpicc, "-std=gnu11", "-w", "-o", exe.toString(), c.toString()), dir);
                if (r.status == 0) break;
                Matcher m = UNDECLARED.matcher(r.output);
                boolean dropped = false;
                while (m.find()) dropped |= left.remove(m.group(1));
                if (!dropped || attempt > 4) throw new IOException(mpicc + " could not build the ABI probe:\n" + r.output.strip());
            }
            Run r = run(List.of(exe.toString()), dir);
            if (r.status != 0) throw new IOException("the " + impl + " ABI probe failed (status " + r.status + "):\n" + r.output.strip());
            Abi abi = Abi.parse(impl, r.output); // parsed before caching: a bad output is never cached
            Path tmp = Files.createTempFile(cacheDir, "abi", ".tmp");
            Files.writeString(tmp, r.output);
            Files.move(tmp, cached, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return abi;
        } finally {
            try (var s = Files.walk(dir)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    /** The cache key: the names asked for and the identity of the implementation's library (path, size, time). */
    private static int key(String impl, Set<String> names) {
        int h = names.hashCode() * 31 + source(Set.of()).hashCode();
        for (String lib : Implementations.libraryCandidates(impl)) {
            Path p = Path.of(lib);
            try {
                h = h * 31 + (p.toRealPath() + ":" + Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis()).hashCode();
            } catch (IOException absent) {
                h = h * 31 + 1;
            }
        }
        return h;
    }

    private record Run(int status, String output) {}

    private static Run run(List<String> cmd, Path dir) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C"); // gcc's messages in ASCII, as UNDECLARED reads them
        Process p = pb.start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(cmd.get(0) + " did not finish within 60 s");
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + cmd.get(0));
        }
    }
}
