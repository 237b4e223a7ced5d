package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.Handle;

/**
 * The eager limit a new job starts with (mpish(7), "Point-to-point": standard sends are eager up to 65536 bytes,
 * set otherwise with --eager-limit, which the launcher passes as the mpish.eagerLimit property, or
 * MPISH_EAGER_LIMIT): a standard send of at most that many bytes completes before its receive is posted, a larger
 * one only once received. A value that is not a number of bytes (negative, text) leaves the default.
 */
@Timeout(60)
class EagerLimitSettingTest {
    @ParameterizedTest(name = "mpish.eagerLimit={0}")
    @CsvSource({"16, 16", "' 40 ', 40", "0, 0", "-3, 65536", "lots, 65536"})
    void aNewJobTakesItsEagerLimitFromTheSetting(String setting, int limit) {
        String old = System.getProperty("mpish.eagerLimit");
        System.setProperty("mpish.eagerLimit", setting);
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                long buf = r.memory().alloc(limit + 8L);
                if (r.id() == 0) {
                    // MPI_BYTE counts: exactly the limit, then one byte more
                    Handle at = (Handle) TestJob.call(r, "MPI_Isend", buf, limit, "MPI_BYTE", 1, 1, W)[0];
                    Handle over = (Handle) TestJob.call(r, "MPI_Isend", buf, limit + 1, "MPI_BYTE", 1, 2, W)[0];
                    assertEquals(true, TestJob.call(r, "MPI_Test", at)[1], limit + " bytes are sent eagerly");
                    assertEquals(false, TestJob.call(r, "MPI_Test", over)[1], (limit + 1) + " bytes wait for the receive");
                    barrier(r);
                    await(r, over);
                } else {
                    barrier(r);
                    TestJob.call(r, "MPI_Recv", buf, limit, "MPI_BYTE", 0, 1, W);
                    TestJob.call(r, "MPI_Recv", buf, limit + 1, "MPI_BYTE", 0, 2, W);
                }
            });
        } finally {
            if (old == null) System.clearProperty("mpish.eagerLimit");
            else System.setProperty("mpish.eagerLimit", old);
        }
    }

    /**
     * mpish(1): a rank holds at most 16M (or less) of eagerly sent messages it has not received. Received ones no
     * longer count: 300 messages of 64 KiB (18.75 MiB in all), each received before the next is sent, are all
     * sent eagerly, complete before their receive is posted.
     */
    @org.junit.jupiter.api.Test
    void receivedEagerMessagesNoLongerCountAgainstTheReceiversLimit() {
        try (TestJob t = new TestJob(2)) {
            t.spmd(r -> {
                TestJob.returnErrors(r);
                int n = 65536;
                long buf = r.memory().alloc(n);
                for (int i = 0; i < 300; i++) {
                    if (r.id() == 0) {
                        Handle s = (Handle) TestJob.call(r, "MPI_Isend", buf, n, "MPI_BYTE", 1, i, W)[0];
                        assertEquals(true, TestJob.call(r, "MPI_Test", s)[1], "message " + i + " is sent eagerly");
                        barrier(r);
                    } else {
                        barrier(r);
                        TestJob.call(r, "MPI_Recv", buf, n, "MPI_BYTE", 0, i, W);
                    }
                }
            });
        }
    }
}
