package org.mpish.runtime.ffm;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.mpi.Handle;

/**
 * One rank of {@link NativeHeldArraysTest}, started by the implementation's launcher: MPI_Ialltoallv on the native
 * engine, then what became of the native copies of its count and displacement arrays before and after MPI_Wait.
 * Prints one line: {@code rank R started H alive A waited H alive A received [..]}.
 */
final class HeldArraysMain {
    private HeldArraysMain() {}

    public static void main(String[] args) throws Exception {
        String impl = args[0];
        Catalogue cat = Catalogue.get();
        Set<String> names = new LinkedHashSet<>();
        for (Constant c : cat.constants()) if (c.api().equals("MPI")) names.add(c.name());
        NativeLib lib = NativeLib.load(impl, Path.of(args[1]), names);
        String env = System.getenv("OMPI_COMM_WORLD_RANK") != null ? System.getenv("OMPI_COMM_WORLD_RANK") : System.getenv("PMI_RANK");
        NativeEngine e = new NativeEngine(lib, cat, Integer.parseInt(env.trim()));
        try (Job job = cat.newJob(1, Job.Options.defaults())) {
            job.runOn(e);
            Rank r = job.rank(0);
            String line = r.submit(() -> {
                Object intType = e.constant(r, cat.constant("MPI_INT")), world = e.constant(r, cat.constant("MPI_COMM_WORLD"));
                int me = e.worldRank();
                long send = r.memory().alloc(12), recv = r.memory().alloc(16);
                for (int k = 0; k < 3; k++) r.memory().writeInt(send + 4L * k, 100 * me + k);
                // rank j gets j+1 ints, from offset j: rank 0 gets one int of each rank, rank 1 two
                Object[] out = e.invoke(r, cat.call("MPI_Ialltoallv"), new Object[] {send, List.of(1, 2), List.of(0, 1), intType,
                        recv, List.of(me + 1, me + 1), List.of(0, me + 1), intType, world});
                NativeHandle req = (NativeHandle) out[0];
                var held = req.held;
                String s = "rank " + me + " started " + e.holding + " alive " + (held != null && held.scope().isAlive());
                Object[] waited = e.invoke(r, cat.call("MPI_Wait"), new Object[] {req});
                s += " waited " + e.holding + " alive " + (held != null && held.scope().isAlive());
                int[] got = new int[2 * (me + 1)];
                for (int k = 0; k < got.length; k++) got[k] = r.memory().readInt(recv + 4L * k);
                e.invoke(r, cat.call("MPI_Finalize"), new Object[0]);
                return s + " received " + Arrays.toString(got) + " request null " + ((Handle) waited[0]).isNull();
            }).get();
            System.out.println(line);
        }
    }
}
