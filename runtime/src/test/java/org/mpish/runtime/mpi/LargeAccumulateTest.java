package org.mpish.runtime.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.LargeCollectiveTest.fill1;
import static org.mpish.runtime.mpi.LargeCollectiveTest.word1;
import static org.mpish.runtime.mpi.LargeCollectiveTest.wrongCombined;
import static org.mpish.runtime.mpi.LargeTransferTest.N;
import static org.mpish.runtime.mpi.LargeTransferTest.fill;
import static org.mpish.runtime.mpi.LargeTransferTest.word;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.TestJob;

/**
 * The accumulate family past 2^31 - 1 bytes (MPI-4.1 12.3.4, 12.3.5 and the _c bindings): MPI_Accumulate_c of
 * 2^28 + 2 MPI_LONGs (2^31 + 16 bytes) with MPI_BOR into a window of that size, then MPI_Get_accumulate_c with
 * MPI_NO_OP fetching the whole window into the origin's buffer. MPI_LONG rather than MPI_BYTE: each byte
 * element takes a lock stripe, and 2^31 of them took more than ten minutes on a loaded machine. Two buffers of 2^31 + 16 bytes
 * in all (about 4.3 GB); tagged "large" as {@link LargeTransferTest}. The expected bytes are the two fill formulas
 * OR-ed word by word in Java.
 */
@Tag("large")
@Timeout(900)
class LargeAccumulateTest {
    @Test
    void accumulateAndGetAccumulateOfMoreThan2GiBTouchEveryByte() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = LargeCollectiveTest.big(r, N);
                MemorySegment s = r.memory().segment(buf, N);
                if (r.id() == 0) fill(s); else fill1(s);
                Object win = call1(r, "MPI_Win_create_c", buf, r.id() == 1 ? N : 0L, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 0) call(r, "MPI_Accumulate_c", buf, N / 8, "MPI_LONG", 1, 0L, N / 8, "MPI_LONG", "MPI_BOR", win);
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 1) {
                    assertEquals(word(0) | word1(0), s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "first word of the window");
                    assertEquals(0L, wrongCombined(s, true), "window bytes that differ");
                }
                if (r.id() == 0) {
                    s.fill((byte) 0);
                    call(r, "MPI_Get_accumulate_c", 0L, 0L, "MPI_LONG", buf, N / 8, "MPI_LONG", 1, 0L, N / 8, "MPI_LONG", "MPI_NO_OP", win);
                }
                call(r, "MPI_Win_fence", 0, win);
                if (r.id() == 0) {
                    assertEquals(0L, wrongCombined(s, true), "fetched bytes that differ");
                }
                call(r, "MPI_Win_free", win);
                r.memory().free(buf);
            }, 600);
        }
    }
}
