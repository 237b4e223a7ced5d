package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.Status;

/**
 * The copy that MPI_Sendrecv_replace, MPI_Isendrecv_replace and a send with MPI_BUFFER_AUTOMATIC keep (MPI-4.1
 * sections 3.10 and 3.6) goes to native memory of its own past one Java array's size; run here with small
 * messages by lowering that size to 0 bytes, the same exchange gives the same result as the array path. A vector
 * of 5 blocks of 3 ints, 4 ints apart: rank k's blocks hold 1000 k + the int's index, its gaps -1; after an
 * exchange each rank's blocks hold the other's numbers and the gaps stay -1 (what the standard's type map says
 * the receive writes).
 */
@Timeout(60)
class LargeCopyPathTest {
    private static final int BLOCKS = 5, LEN = 3, STRIDE = 4, INTS = (BLOCKS - 1) * STRIDE + LEN;

    private static void fill(MemorySegment s, int rank) {
        for (int i = 0; i < INTS; i++) s.setAtIndex(ValueLayout.JAVA_INT, i, i % STRIDE < LEN ? 1000 * rank + i : -1);
    }

    /** Ints that differ from rank {@code from}'s numbers in the blocks and -1 in the gaps. */
    private static int wrong(MemorySegment s, int from) {
        int bad = 0;
        for (int i = 0; i < INTS; i++) if (s.getAtIndex(ValueLayout.JAVA_INT, i) != (i % STRIDE < LEN ? 1000 * from + i : -1)) bad++;
        return bad;
    }

    @ParameterizedTest(name = "copies past {0} bytes in native memory")
    @ValueSource(longs = {0, Transfer.MAX_COPY})
    void replaceAndAutomaticBufferingGiveTheSameResultOnBothPaths(long limit) {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                P2p.settings(r.job()).copyLimit = limit;
                Object v = call1(r, "MPI_Type_vector", BLOCKS, LEN, STRIDE, "MPI_INT");
                call(r, "MPI_Type_commit", v);
                long buf = r.memory().alloc(4L * INTS);
                MemorySegment s = r.memory().segment(buf, 4L * INTS);
                int me = r.id(), other = 1 - me;
                fill(s, me);
                Status st = (Status) call1(r, "MPI_Sendrecv_replace", buf, 1, v, other, 1, other, 1, "MPI_COMM_WORLD");
                assertEquals(LEN * BLOCKS * 4, call1(r, "MPI_Get_count", st, "MPI_BYTE"));
                assertEquals(0, wrong(s, other), "after MPI_Sendrecv_replace");
                Object req = call1(r, "MPI_Isendrecv_replace", buf, 1, v, other, 2, other, 2, "MPI_COMM_WORLD");
                call(r, "MPI_Wait", req);
                assertEquals(0, wrong(s, me), "after MPI_Isendrecv_replace, back where it started");
                if (me == 0) {
                    call(r, "MPI_Buffer_attach", BsendBuffer.AUTOMATIC, 0);
                    call(r, "MPI_Bsend", buf, 1, v, 1, 3, "MPI_COMM_WORLD");
                    s.fill((byte) 0); // the buffered copy was taken: the receiver still gets rank 0's numbers
                    call(r, "MPI_Buffer_detach");
                } else {
                    call(r, "MPI_Recv", buf, 1, v, 0, 3, "MPI_COMM_WORLD");
                    assertEquals(0, wrong(s, 0), "after the buffered send");
                }
                r.memory().free(buf);
            });
        }
    }
}
