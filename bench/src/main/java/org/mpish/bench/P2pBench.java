package org.mpish.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Point-to-point between 2 ranks, as shared/anchors/perf/src/pt2pt.c and bsend.c measure it: ping-pong half
 * round trips (Send/Recv and Bsend/Recv), windowed bandwidth with one ack per window, and a stream of 1000
 * buffered sends followed by the detach. The score is per operation (one-way trip, message, or Bsend cycle).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class P2pBench {
    static final int TRIPS = 20_000;       // one-way trips per invocation (10 000 round trips)
    static final int BW_1M_WINDOWS = 16, BW_16M_WINDOWS = 2;
    static final int STREAM = 1000, STREAM_BYTES = 64, STREAM_CYCLES = 50;
    static final int OVERHEAD = Api.intConstant("MPI_BSEND_OVERHEAD");

    Harness h;
    Object[] bytes;
    Object[] world;
    long[] small;          // 4 KiB per rank
    long[] attach;         // attached buffer per rank (Bsend ping-pong)
    long sbuf, rbuf;       // bandwidth: rank 0's send buffer (16 MiB), rank 1's receive buffers (16 x 1 MiB or 4 x 16 MiB)
    long streamBuf, streamMsg, streamRecv;

    @Setup(Level.Trial)
    public void setup() {
        h = new Harness(2);
        bytes = new Object[2];
        world = new Object[2];
        small = new long[2];
        attach = new long[2];
        h.spmd(r -> {
            int i = r.id();
            bytes[i] = Harness.type(r, "MPI_BYTE");
            world[i] = Harness.world(r);
            small[i] = r.memory().alloc(4096);
        });
        h.on(0, r -> {
            sbuf = r.memory().alloc(16 << 20);
            r.memory().segment(sbuf, 16 << 20).fill((byte) 1);
            streamBuf = r.memory().alloc(STREAM * (STREAM_BYTES + OVERHEAD));
            streamMsg = r.memory().alloc(STREAM_BYTES);
            r.memory().segment(streamMsg, STREAM_BYTES).fill((byte) 3);
        });
        h.on(1, r -> {
            rbuf = r.memory().alloc(64L << 20);
            streamRecv = r.memory().alloc(STREAM_BYTES);
        });
    }

    @TearDown(Level.Trial)
    public void teardown() { h.close(); }

    // ---- ping-pong ------------------------------------------------------------------------------

    private void pingpong(int size, boolean buffered) {
        h.spmd(r -> {
            int me = r.id(), peer = 1 - me;
            Object w = world[me];
            Object b = bytes[me];
            long buf = small[me];
            MemorySegment seg = r.memory().segment(buf, size);
            if (buffered) Api.bufferAttach(r, attach[me] = r.memory().alloc(64 * (4096 + OVERHEAD)), 64 * (4096 + OVERHEAD));
            for (long i = 0; i < TRIPS / 2; i++) {
                if (me == 0) {
                    seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                    if (size > 8) seg.set(ValueLayout.JAVA_BYTE, size - 1, (byte) i);
                    if (buffered) Api.bsend(r, buf, size, b, peer, 1, w);
                    else Api.send(r, buf, size, b, peer, 1, w);
                    Api.recv(r, buf, size, b, peer, 1, w);
                    Harness.check(seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == ~i, "ping-pong reply");
                } else {
                    Api.recv(r, buf, size, b, peer, 1, w);
                    long v = seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                    Harness.check(v == i && (size == 8 || seg.get(ValueLayout.JAVA_BYTE, size - 1) == (byte) i), "ping-pong message");
                    seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, ~v);
                    if (buffered) Api.bsend(r, buf, size, b, peer, 1, w);
                    else Api.send(r, buf, size, b, peer, 1, w);
                }
            }
            if (buffered) {
                Api.bufferDetach(r);
                r.memory().free(attach[me]);
            }
        });
    }

    @Benchmark @OperationsPerInvocation(TRIPS)
    public void sendRecv8B() { pingpong(8, false); }

    @Benchmark @OperationsPerInvocation(TRIPS)
    public void sendRecv4KiB() { pingpong(4096, false); }

    @Benchmark @OperationsPerInvocation(TRIPS)
    public void bsendRecv8B() { pingpong(8, true); }

    /** One rank sends 8 B to itself and receives them: the CPU cost of a send + receive, no hand-off. */
    @Benchmark @OperationsPerInvocation(TRIPS)
    public void selfSendRecv8B(CpuTime cpu) {
        cpu.add(h.onCpu(0, r -> {
            Object w = world[0];
            Object b = bytes[0];
            long buf = small[0];
            MemorySegment seg = r.memory().segment(buf, 8);
            for (long i = 0; i < TRIPS; i++) {
                seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                Api.send(r, buf, 8, b, 0, 1, w);
                seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, -1);
                Api.recv(r, buf, 8, b, 0, 1, w);
                Harness.check(seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == i, "self message");
            }
        }), TRIPS);
    }

    volatile long ping, pong;

    /**
     * The floor of any hand-off between the two rank threads right now: they answer each other through two
     * volatile fields, spinning (as shared/anchors/perf/src/phys.c's flag ping-pong). Score: half a round trip.
     * Read the other latencies against it: on a loaded machine it rises far above the quiet 26 ns.
     */
    @Benchmark @OperationsPerInvocation(TRIPS)
    public void flagPingPong() {
        ping = pong = 0;
        h.spmd(r -> {
            if (r.id() == 0) {
                for (long i = 1; i <= TRIPS / 2; i++) {
                    ping = i;
                    while (pong != i) Thread.onSpinWait();
                }
            } else {
                for (long i = 1; i <= TRIPS / 2; i++) {
                    while (ping != i) Thread.onSpinWait();
                    pong = i;
                }
            }
        });
    }

    // ---- bandwidth ------------------------------------------------------------------------------

    private void bandwidth(int size, int window, int windows) {
        h.spmd(r -> {
            int me = r.id(), peer = 1 - me;
            Object w = world[me];
            Object b = bytes[me];
            Object[] reqs = new Object[window];
            long ack = small[me];
            for (int it = 0; it < windows; it++) {
                if (me == 0) {
                    r.memory().segment(sbuf, 8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, it);
                    for (int k = 0; k < window; k++) reqs[k] = Api.isend(r, sbuf, size, b, peer, 2, w);
                    Api.waitAll(r, reqs);
                    Api.recv(r, ack, 1, b, peer, 3, w);
                } else {
                    for (int k = 0; k < window; k++) reqs[k] = Api.irecv(r, rbuf + (long) k * size, size, b, peer, 2, w);
                    Api.waitAll(r, reqs);
                    for (int k = 0; k < window; k++) {
                        MemorySegment s = r.memory().segment(rbuf + (long) k * size, size);
                        Harness.check(s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == it && s.get(ValueLayout.JAVA_BYTE, size - 1) == 1,
                                "bandwidth message " + k);
                    }
                    Api.send(r, ack, 1, b, peer, 3, w);
                }
            }
        });
    }

    @Benchmark @OperationsPerInvocation(16 * BW_1M_WINDOWS)
    public void bw1MiB() { bandwidth(1 << 20, 16, BW_1M_WINDOWS); }

    @Benchmark @OperationsPerInvocation(4 * BW_16M_WINDOWS)
    public void bw16MiB() { bandwidth(16 << 20, 4, BW_16M_WINDOWS); }

    // ---- the Bsend stream ---------------------------------------------------------------------

    /** Time spent issuing the Bsends and in the detach after them, summed over the iteration (rank 0's clock). */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class StreamTimes {
        public long issueNanos, detachNanos, cycles, issueCpuNanos;

        @Setup(Level.Iteration)
        public void reset() { issueNanos = detachNanos = cycles = issueCpuNanos = 0; }
    }

    /** One cycle: attach, 1000 x 64 B Bsend (the receiver receives them meanwhile), detach. Score: per cycle. */
    @Benchmark @OperationsPerInvocation(STREAM_CYCLES)
    public void bsendStream(StreamTimes t) {
        long[] times = new long[3];
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        h.spmd(r -> {
            int me = r.id();
            Object w = world[me];
            Object b = bytes[me];
            int size = STREAM * (STREAM_BYTES + OVERHEAD);
            for (int c = 0; c < STREAM_CYCLES; c++) {
                if (me == 0) {
                    MemorySegment m = r.memory().segment(streamMsg, STREAM_BYTES);
                    Api.bufferAttach(r, streamBuf, size);
                    long c0 = mx.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    for (int i = 0; i < STREAM; i++) {
                        m.set(ValueLayout.JAVA_INT_UNALIGNED, 0, i);
                        Api.bsend(r, streamMsg, STREAM_BYTES, b, 1, 5, w);
                    }
                    long t1 = System.nanoTime();
                    times[2] += mx.getCurrentThreadCpuTime() - c0;
                    Object[] d = Api.bufferDetach(r);
                    long t2 = System.nanoTime();
                    Harness.check((Long) d[0] == streamBuf && (Integer) d[1] == size, "detach returns the buffer");
                    times[0] += t1 - t0;
                    times[1] += t2 - t1;
                } else {
                    MemorySegment m = r.memory().segment(streamRecv, STREAM_BYTES);
                    for (int i = 0; i < STREAM; i++) {
                        Api.recv(r, streamRecv, STREAM_BYTES, b, 0, 5, w);
                        Harness.check(m.get(ValueLayout.JAVA_INT_UNALIGNED, 0) == i && m.get(ValueLayout.JAVA_BYTE, 63) == 3, "stream message " + i);
                    }
                }
                // both ranks start the next cycle together (the C program's MPI_Barrier)
                Api.call(r, "MPI_Barrier", w);
            }
        });
        t.issueNanos += times[0];
        t.detachNanos += times[1];
        t.cycles += STREAM_CYCLES;
        t.issueCpuNanos += times[2];
    }

    // ---- ping-pong pairs with more ranks than cores ----------------------------------------------

    /** 4 or 16 ranks on this 2-core machine: ranks 2k and 2k+1 ping-pong 8 B at the same time. */
    @State(Scope.Benchmark)
    public static class Pairs {
        @org.openjdk.jmh.annotations.Param({"4", "16"})
        public int ranks;
        Harness h;
        long[] buf;
        Object[] bytes;
        Object[] world;

        @Setup(Level.Trial)
        public void setup() {
            h = new Harness(ranks);
            buf = new long[ranks];
            bytes = new Object[ranks];
            world = new Object[ranks];
            h.spmd(r -> {
                buf[r.id()] = r.memory().alloc(8);
                bytes[r.id()] = Harness.type(r, "MPI_BYTE");
                world[r.id()] = Harness.world(r);
            });
        }

        @TearDown(Level.Trial)
        public void teardown() { h.close(); }
    }

    static final int PAIR_TRIPS = 2000;

    /** Score: one-way trip time of one pair while every pair runs (wall time / trips per pair). */
    @Benchmark @OperationsPerInvocation(PAIR_TRIPS)
    public void pairsSendRecv8B(Pairs p) {
        p.h.spmd(r -> {
            int me = r.id(), peer = me ^ 1;
            Object w = p.world[me];
            Object b = p.bytes[me];
            long buf = p.buf[me];
            MemorySegment seg = r.memory().segment(buf, 8);
            for (long i = 0; i < PAIR_TRIPS / 2; i++) {
                if ((me & 1) == 0) {
                    seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                    Api.send(r, buf, 8, b, peer, 1, w);
                    Api.recv(r, buf, 8, b, peer, 1, w);
                    Harness.check(seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) == i + 1, "pair reply");
                } else {
                    Api.recv(r, buf, 8, b, peer, 1, w);
                    long v = seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                    Harness.check(v == i, "pair message");
                    seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, v + 1);
                    Api.send(r, buf, 8, b, peer, 1, w);
                }
            }
        });
    }
}
