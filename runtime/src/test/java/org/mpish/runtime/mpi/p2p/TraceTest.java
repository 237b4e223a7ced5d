package org.mpish.runtime.mpi.p2p;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.p2p.P2pFixture.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Event;
import org.mpish.runtime.TestJob;

/** Trace events of the p2p and bsend families: sends, matches, buffer allocation and release. */
@Timeout(30)
class TraceTest {
    @Test
    void sendsMatchesAndBufferEntriesAreTraced() {
        try (TestJob t = new TestJob(2)) {
            List<Event> events = t.record();
            t.spmd(r -> {
                TestJob.returnErrors(r);
                if (r.id() == 0) {
                    TestJob.call(r, "MPI_Buffer_attach", r.memory().alloc(500), 500);
                    bsend(r, ints(r, 1), 4, 1, 3);
                    send(r, ints(r, 2), 1, 1, 4);
                    barrier(r);
                    bsend(r, ints(r, 1), 4, 1, 5);                  // reclaims the first entry
                    TestJob.call(r, "MPI_Buffer_detach");
                } else {
                    recv(r, ints(r, 0), 1, 0, 3);
                    recv(r, ints(r, 0), 1, 0, 4);
                    barrier(r);
                    recv(r, ints(r, 0), 1, 0, 5);
                }
            });
            String log = String.join("\n", events.stream().map(Event::toString).toList());
            assertTrue(log.contains("[0] bsend attach: the process buffer: 500 bytes at 0x"), log);
            assertTrue(log.contains("[0] bsend alloc: the process buffer: 132 bytes at offset 0-132 for 4 bytes to rank 1 tag 3 on MPI_COMM_WORLD; 132 of 500 bytes in use"), log);
            assertTrue(log.contains("[0] p2p send: standard to rank 1 with tag 4 on MPI_COMM_WORLD, 4 bytes"), log);
            assertTrue(log.contains("[1] p2p match: message from rank 0 with tag 4 (4 bytes) on MPI_COMM_WORLD matched the receive"), log);
            assertTrue(log.contains("[0] bsend delivered: the process buffer: the message at offset 0 to rank 1 tag 3 has been received"), log);
            assertTrue(log.contains("[0] bsend release: the process buffer: entry at offset 0 (132 bytes, to rank 1 tag 3) reclaimed"), log);
            assertTrue(log.contains("[0] bsend detach: the process buffer detached"), log);
        }
    }
}
