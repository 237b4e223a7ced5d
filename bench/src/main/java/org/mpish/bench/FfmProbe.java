package org.mpish.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallHandle;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Engine;
import org.mpish.runtime.ffm.NativeEngine;
import org.mpish.runtime.ffm.NativeLib;

/**
 * The native engine's side of bench/native/ffm_cost.c: the same loops on the same MPI, two processes under mpirun
 * ({@code bench/run --mpi}), each call made as a script's call is made (its bound catalogue handle, on a job that
 * runs on the native engine). The difference from the C figures is what the engine adds per call.
 * <pre>mpirun -np 2 java -cp "bench/target/mpish-bench.jar:bench/target/lib/*" org.mpish.bench.FfmProbe openmpi</pre>
 * Prints {@code RESULT ffm.IMPL.METRIC ns} (the median of 11 batches) and {@code .min} (the fastest batch) at rank 0;
 * comm_rank, self_8B and put_flush_8B are CPU time of the calling thread, pingpong_8B is wall time.
 */
public final class FfmProbe {
    private static final int REPS = 11, WARM = 30;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private FfmProbe() {}

    public static void main(String[] args) throws Exception {
        String impl = args[0];
        int world = worldRank();
        Catalogue cat = Catalogue.get();
        Set<String> names = new LinkedHashSet<>();
        for (Constant c : cat.constants()) if (c.api().equals("MPI")) names.add(c.name());
        NativeLib lib = NativeLib.load(impl, Path.of(System.getProperty("java.io.tmpdir"), "mpish-bench-abi"), names);
        try (Job job = cat.newJob(1, Job.Options.defaults())) {
            job.runOn(new NativeEngine(lib, cat, world));
            Rank r = job.rank(0);
            r.submit(() -> {
                new FfmProbe.Run(impl, cat, r).all();
                return null;
            }).get();
        }
        System.out.flush();
    }

    private static int worldRank() {
        for (String v : new String[] {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"}) {
            String s = System.getenv(v);
            if (s != null) return Integer.parseInt(s.trim());
        }
        return 0;
    }

    private static final class Run {
        final String impl;
        final Catalogue cat;
        final Rank r;
        final CallHandle commRank, send, recv, isend, waitCall, put, flush, barrier;
        final Object world, byteType, statusIgnore;
        int me;

        Run(String impl, Catalogue cat, Rank r) {
            this.impl = impl;
            this.cat = cat;
            this.r = r;
            commRank = cat.bind("MPI_Comm_rank");
            send = cat.bind("MPI_Send");
            recv = cat.bind("MPI_Recv");
            isend = cat.bind("MPI_Isend");
            waitCall = cat.bind("MPI_Wait");
            put = cat.bind("MPI_Put");
            flush = cat.bind("MPI_Win_flush");
            barrier = cat.bind("MPI_Barrier");
            cat.bind("MPI_Init").invoke(r, null, null);
            world = constant("MPI_COMM_WORLD");
            byteType = constant("MPI_BYTE");
            statusIgnore = constant("MPI_STATUS_IGNORE");
        }

        Object constant(String name) { return ((Engine) r.job().engine()).constant(r, cat.constant(name)); }

        static long cpu() { return THREADS.getCurrentThreadCpuTime(); }

        void report(String metric, double[] v) {
            if (me != 0) return;
            Arrays.sort(v);
            System.out.printf("RESULT ffm.%s.%s %.1f ns%n", impl, metric, v[REPS / 2]);
            System.out.printf("RESULT ffm.%s.%s.min %.1f ns%n", impl, metric, v[0]);
        }

        void all() {
            me = ((Number) commRank.invoke(r, world)[0]).intValue();
            int size = ((Number) cat.bind("MPI_Comm_size").invoke(r, world)[0]).intValue();
            if (size != 2) throw new IllegalStateException("FfmProbe: run it on 2 processes, not " + size);
            double[] v = new double[REPS];

            int nr = 200_000;
            for (int k = -WARM; k < REPS; k++) {
                long t0 = cpu();
                int got = -1;
                for (int i = 0; i < nr; i++) got = ((Number) commRank.invoke(r, world)[0]).intValue();
                if (got != me) throw new IllegalStateException("MPI_Comm_rank gave " + got);
                if (k >= 0) v[k] = (double) (cpu() - t0) / nr;
            }
            report("comm_rank", v);

            long a = r.memory().alloc(8), b = r.memory().alloc(8);
            r.memory().write(a, new byte[] {(byte) (me + 1), 0, 0, 0, 0, 0, 0, 0});
            int np = 5_000;
            for (int k = -WARM / 3; k < REPS; k++) {
                barrier.invoke(r, world);
                long t0 = System.nanoTime();
                for (int i = 0; i < np; i++) {
                    if (me == 0) {
                        send.invoke(r, a, 8, byteType, 1, 1, world);
                        recv.invoke(r, b, 8, byteType, 1, 1, world);
                    } else {
                        recv.invoke(r, b, 8, byteType, 0, 1, world);
                        send.invoke(r, a, 8, byteType, 0, 1, world);
                    }
                }
                if (k >= 0) v[k] = (double) (System.nanoTime() - t0) / (2.0 * np);
            }
            if (r.memory().read(b, 1)[0] != 2 - me) throw new IllegalStateException("ping-pong: wrong contents");
            report("pingpong_8B", v);

            if (me == 0) {
                int ns = 20_000;
                r.memory().write(b, new byte[8]);
                for (int k = -WARM; k < REPS; k++) {
                    long t0 = cpu();
                    for (int i = 0; i < ns; i++) {
                        Object q = isend.invoke(r, a, 8, byteType, 0, 2, world)[0];
                        recv.invoke(r, b, 8, byteType, 0, 2, world);
                        waitCall.invoke(r, q);
                    }
                    if (k >= 0) v[k] = (double) (cpu() - t0) / ns;
                }
                if (r.memory().read(b, 1)[0] != 1) throw new IllegalStateException("self send: wrong contents");
                report("self_8B", v);
            }

            Object[] w = cat.bind("MPI_Win_allocate").invoke(r, 64L, 1, constant("MPI_INFO_NULL"), world);
            long base = ((Number) w[0]).longValue();
            Object win = w[1];
            r.memory().write(base, new byte[64]);
            barrier.invoke(r, world);
            if (me == 0) {
                int nput = 20_000;
                cat.bind("MPI_Win_lock_all").invoke(r, 0, win);
                for (int k = -WARM; k < REPS; k++) {
                    long t0 = cpu();
                    for (int i = 0; i < nput; i++) {
                        put.invoke(r, a, 8, byteType, 1, 0L, 8, byteType, win);
                        flush.invoke(r, 1, win);
                    }
                    if (k >= 0) v[k] = (double) (cpu() - t0) / nput;
                }
                cat.bind("MPI_Win_unlock_all").invoke(r, win);
            }
            barrier.invoke(r, world);
            if (me == 0) {
                report("put_flush_8B", v);
            } else {
                cat.bind("MPI_Win_lock").invoke(r, constant("MPI_LOCK_SHARED"), 1, 0, win);
                if (r.memory().read(base, 1)[0] != 1) throw new IllegalStateException("put: wrong contents");
                cat.bind("MPI_Win_unlock").invoke(r, 1, win);
            }
            cat.bind("MPI_Win_free").invoke(r, win);
            cat.bind("MPI_Finalize").invoke(r);
        }
    }
}
