package org.mpish.runtime.mpi.p2p;

import org.junit.jupiter.api.Test;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.MpiProcess;

/** Quick numbers, run by hand only (not a *Test): mvn -pl runtime test -Dtest=PerfProbe. The bench module measures properly. */
class PerfProbe {
    @Test
    void copy() {
        org.mpish.runtime.Memory a = new org.mpish.runtime.Memory(0, 1L << 30), b = new org.mpish.runtime.Memory(1, 1L << 30);
        long x = a.alloc(1 << 20), y = b.alloc(1 << 20);
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 2000; i++) org.mpish.runtime.Memory.copy(a, x, b, y, 1 << 20);
            double per = (System.nanoTime() - t0) / 2000.0;
            System.out.printf("raw copy 1 MiB: %.1f us, %.2f GB/s%n", per / 1000, (1 << 20) / per);
        }
    }

    @Test
    void selfLoop() {
        try (TestJob t = new TestJob(1)) {
            t.spmd(r -> {
                MpiProcess p = MpiProcess.of(r);
                Comm w = Comm.world(p);
                long buf = r.memory().alloc(8);
                Datatype b = Datatype.named(p, "MPI_BYTE");
                for (int round = 0; round < 5; round++) {
                    int n = 2_000_000;
                    long t0 = System.nanoTime();
                    for (int i = 0; i < n; i++) {
                        TestJob.call(r, "MPI_Send", buf, 8, b, 0, 0, w);
                        TestJob.call(r, "MPI_Recv", buf, 8, b, 0, 0, w);
                    }
                    System.out.printf("self send+recv 8 B: %.3f us%n", (System.nanoTime() - t0) / 1000.0 / n);
                }
            }, 120);
        }
    }

    @Test
    void numbers() {
        try (TestJob t = new TestJob(2)) {
            for (int round = 0; round < 3; round++) {
                for (int size : new int[] {8, 1 << 20}) {
                    int n = size == 8 ? 2_000_000 : 3000;
                    long[] ns = new long[2];
                    t.spmd(r -> {
                        MpiProcess p = MpiProcess.of(r);
                        Comm w = Comm.world(p);
                        Datatype b = Datatype.named(p, "MPI_BYTE");
                        long buf = r.memory().alloc(size);
                        Transfer.Layout l = new Transfer.Layout(r.memory(), buf, b, size);
                        P2p.recv(r, l, r.id() == 0 ? 1 : 0, 99, w); // warm: post/consume one
                        if (r.id() == 1) P2p.send(r, P2p.Mode.STANDARD, l, 0, 99, w);
                        long t0 = System.nanoTime();
                        for (int i = 0; i < n; i++) {
                            if (r.id() == 0) {
                                SendRequest s = P2p.send(r, P2p.Mode.STANDARD, l, 1, 0, w);
                                if (!s.isComplete()) P2p.await(r, s);
                            } else {
                                RecvRequest q = P2p.recv(r, l, 0, 0, w);
                                if (!q.isComplete()) P2p.await(r, q);
                            }
                        }
                        ns[r.id()] = System.nanoTime() - t0;
                    }, 120);
                    double per = Math.max(ns[0], ns[1]) / (double) n;
                    System.out.printf("size %8d: %.3f us per message, %.2f GB/s%n", size, per / 1000, size / per);
                }
            }
        }
    }
}
