package org.mpish.runtime.ffm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The MPI implementations mpish runs on (Debian's packages): the compiler wrapper that builds the ABI probe, the
 * launcher, and the packages that provide them.
 */
public final class Implementations {
    private Implementations() {}

    /** Every implementation mpish knows, in the order {@code mpish compare} runs them. */
    public static final List<String> ALL = List.of("openmpi", "mpich");

    public static boolean known(String impl) { return ALL.contains(impl); }

    /** Where the programs are: /usr/bin, or the folder the system property mpish.mpi.bin names (tests use an empty one). */
    private static String bin() { return System.getProperty("mpish.mpi.bin", "/usr/bin"); }

    public static String mpicc(String impl) { return bin() + "/mpicc." + impl; }

    /** The launcher: Open MPI's mpirun, MPICH's mpiexec (Hydra). */
    public static String launcher(String impl) {
        return bin() + (impl.equals("openmpi") ? "/mpirun.openmpi" : "/mpiexec.mpich");
    }

    /** The Debian packages that install the implementation's launcher and its development files (mpicc, mpi.h). */
    public static String packages(String impl) {
        return impl.equals("openmpi") ? "openmpi-bin libopenmpi-dev" : "mpich libmpich-dev";
    }

    /** Where Debian puts the library (only for the probe's cache key: the probe itself reports the real one). */
    static List<String> libraryCandidates(String impl) {
        return impl.equals("openmpi") ? List.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40")
                : List.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12");
    }

    /** Whether the launcher and the compiler wrapper are both installed. */
    public static boolean installed(String impl) {
        return Files.isExecutable(Path.of(mpicc(impl))) && Files.isExecutable(Path.of(launcher(impl)));
    }

    /** The one line to show when {@code impl} is missing: which packages to install. */
    public static String missing(String impl) {
        return (impl.equals("openmpi") ? "Open MPI" : "MPICH") + " is not installed (" + launcher(impl) + " or "
                + mpicc(impl) + " is missing): install the Debian packages " + packages(impl);
    }
}
