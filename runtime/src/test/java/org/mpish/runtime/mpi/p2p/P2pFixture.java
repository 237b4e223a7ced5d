package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Status;

/** Short forms of the calls the point-to-point tests make, all through the catalogue. */
final class P2pFixture {
    private P2pFixture() {}

    static final String W = "MPI_COMM_WORLD";

    static long ints(Rank r, int... values) {
        long a = r.memory().alloc(Math.max(4, values.length * 4L));
        for (int i = 0; i < values.length; i++) r.memory().writeInt(a + 4L * i, values[i]);
        return a;
    }

    static int[] read(Rank r, long addr, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = r.memory().readInt(addr + 4L * i);
        return out;
    }

    static void send(Rank r, long buf, int count, int dest, int tag) {
        TestJob.call(r, "MPI_Send", buf, count, "MPI_INT", dest, tag, W);
    }

    static Status recv(Rank r, long buf, int count, int source, int tag) {
        return (Status) TestJob.call1(r, "MPI_Recv", buf, count, "MPI_INT", source, tag, W);
    }

    static Handle isend(Rank r, long buf, int count, int dest, int tag) {
        return (Handle) TestJob.call1(r, "MPI_Isend", buf, count, "MPI_INT", dest, tag, W);
    }

    static Handle irecv(Rank r, long buf, int count, int source, int tag) {
        return (Handle) TestJob.call1(r, "MPI_Irecv", buf, count, "MPI_INT", source, tag, W);
    }

    static Status await(Rank r, Handle req) {
        return (Status) TestJob.call(r, "MPI_Wait", req)[1];
    }

    static void bsend(Rank r, long buf, int bytes, int dest, int tag) {
        TestJob.call(r, "MPI_Bsend", buf, bytes, "MPI_BYTE", dest, tag, W);
    }

    static void barrier(Rank r) { TestJob.call(r, "MPI_Barrier", W); }

    /** Waits (at most 10 s) until {@code r} is blocked in a call, for tests that look at a waiting rank. */
    static void blocked(Rank r) {
        long end = System.nanoTime() + 10_000_000_000L;
        while (r.status() != Rank.Status.WAITING || r.currentCall() == null) {
            if (System.nanoTime() > end) throw new AssertionError("rank " + r.id() + " did not block: " + r.status());
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        try {
            Thread.sleep(50); // and stays blocked
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** The MPI error class a call fails with (under MPI_ERRORS_RETURN), or -1 when it succeeds. */
    static int errorOf(Runnable call) {
        try {
            call.run();
            return -1;
        } catch (MpiException e) {
            return e.errorClass();
        }
    }

    static MpiException failure(Runnable call) {
        try {
            call.run();
        } catch (MpiException e) {
            return e;
        }
        throw new AssertionError("the call succeeded");
    }
}
