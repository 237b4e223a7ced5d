package org.mpish.runtime.mpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.coll.CollFixture.call;
import static org.mpish.runtime.mpi.coll.CollFixture.fails;
import static org.mpish.runtime.mpi.coll.CollFixture.ints;
import static org.mpish.runtime.mpi.coll.CollFixture.readInts;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntBinaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.op.Op;

/**
 * The large-data path of the collectives ({@link CollLarge}, {@link LargeReduce}) driven with small data: each test runs
 * its calls twice, once in a job with the ordinary limits and once in a job whose limits are lowered to 48 bytes per
 * block and 16-byte reduction chunks, so that every block here goes as lent memory and every reduction folds a chunk
 * at a time. Both runs must give what MPI-4.1 defines (chapter 6; 8.6 for the neighbourhood collectives), computed
 * here element by element from the fill formula: so the two paths agree. The data is {@link #value}, a formula of the
 * rank and the position.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LargePathTest {
    static final String W = "MPI_COMM_WORLD";
    /** Ints per block: 160 bytes, past the lowered limit. */
    static final int N = 40;

    static int value(int rank, int i) { return 1000 * rank + i + 1; }

    static int[] values(int rank, int from, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = value(rank, from + i);
        return v;
    }

    /** Runs {@code body} on {@code n} ranks with the ordinary limits, then with the lowered ones; it gets which. */
    static void bothPaths(int n, java.util.function.BiConsumer<Rank, Boolean> body) {
        for (boolean lowered : new boolean[] {false, true}) {
            try (TestJob t = new TestJob(n)) {
                if (lowered) CollLarge.setLimits(t.job, 48, 16);
                t.spmd(r -> {
                    TestJob.returnErrors(r);
                    body.accept(r, lowered);
                });
            }
        }
    }

    /**
     * {@code call} in its blocking, nonblocking (then MPI_Wait) and persistent (started twice) forms, each after
     * {@code prepare} and followed by {@code check}.
     */
    static void threeForms(Rank r, String call, Runnable prepare, Runnable check, Object... args) {
        prepare.run();
        call(r, call, args);
        check.run();
        prepare.run();
        call(r, "MPI_Wait", TestJob.call1(r, "MPI_I" + Character.toLowerCase(call.charAt(4)) + call.substring(5), args));
        check.run();
        Object[] initArgs = java.util.Arrays.copyOf(args, args.length + 1);
        initArgs[args.length] = "MPI_INFO_NULL";
        Object q = TestJob.call1(r, call + "_init", initArgs);
        for (int round = 0; round < 2; round++) {
            prepare.run();
            call(r, "MPI_Start", q);
            call(r, "MPI_Wait", q);
            check.run();
        }
        call(r, "MPI_Request_free", q);
    }

    static void fill(Rank r, long addr, int[] v) { for (int i = 0; i < v.length; i++) r.memory().writeInt(addr + 4L * i, v[i]); }

    static int[] concat(int[]... parts) {
        return java.util.Arrays.stream(parts).flatMapToInt(java.util.Arrays::stream).toArray();
    }

    @Test
    void broadcastGatherScatterAllgatherAndAlltoallGiveTheSameBlocksOnBothPaths() { // 6.4-6.8
        bothPaths(3, (r, lowered) -> {
            int me = r.id();
            long buf = ints(r, new int[N]);
            threeForms(r, "MPI_Bcast", () -> fill(r, buf, me == 1 ? values(1, 0, N) : new int[N]),
                    () -> assertArrayEquals(values(1, 0, N), readInts(r, buf, N), "Bcast from rank 1"), buf, N, "MPI_INT", 1, W);
            long send = ints(r, values(me, 0, N)), recv = ints(r, new int[3 * N]);
            Runnable clear = () -> fill(r, recv, new int[3 * N]);
            threeForms(r, "MPI_Gather", clear, () -> assertArrayEquals(me == 0 ? concat(values(0, 0, N), values(1, 0, N), values(2, 0, N))
                    : new int[3 * N], readInts(r, recv, 3 * N), "Gather at rank 0"), send, N, "MPI_INT", recv, N, "MPI_INT", 0, W);
            int[] counts = {N, N, N}, back = {2 * N, N, 0};
            threeForms(r, "MPI_Gatherv", clear, () -> assertArrayEquals(me == 0 ? concat(values(2, 0, N), values(1, 0, N), values(0, 0, N))
                    : new int[3 * N], readInts(r, recv, 3 * N), "Gatherv, blocks in reverse"), send, N, "MPI_INT", recv, counts, back, "MPI_INT", 0, W);
            long all = ints(r, values(me, 0, 3 * N + 12)), one = ints(r, new int[N + 8]);
            threeForms(r, "MPI_Scatter", () -> fill(r, one, new int[N + 8]), () -> assertArrayEquals(values(2, me * N, N),
                    readInts(r, one, N), "Scatter from rank 2"), all, N, "MPI_INT", one, N, "MPI_INT", 2, W);
            int[] vc = {N, N + 4, N + 8}, vd = {0, N, 2 * N + 4};
            threeForms(r, "MPI_Scatterv", () -> fill(r, one, new int[N + 8]), () -> assertArrayEquals(values(2, vd[me], vc[me]),
                    readInts(r, one, vc[me]), "Scatterv from rank 2"), all, vc, vd, "MPI_INT", one, vc[me], "MPI_INT", 2, W);
            threeForms(r, "MPI_Allgather", clear, () -> assertArrayEquals(concat(values(0, 0, N), values(1, 0, N), values(2, 0, N)),
                    readInts(r, recv, 3 * N), "Allgather"), send, N, "MPI_INT", recv, N, "MPI_INT", W);
            long mine = ints(r, values(me, 0, vc[me])), gv = ints(r, new int[3 * N + 12]);
            threeForms(r, "MPI_Allgatherv", () -> fill(r, gv, new int[3 * N + 12]), () -> assertArrayEquals(
                    concat(values(0, 0, N), values(1, 0, N + 4), values(2, 0, N + 8)), readInts(r, gv, 3 * N + 12), "Allgatherv"),
                    mine, vc[me], "MPI_INT", gv, vc, vd, "MPI_INT", W);
            long out = ints(r, values(me, 0, 3 * N));
            int[] want = concat(values(0, me * N, N), values(1, me * N, N), values(2, me * N, N));
            threeForms(r, "MPI_Alltoall", clear, () -> assertArrayEquals(want, readInts(r, recv, 3 * N), "Alltoall"),
                    out, N, "MPI_INT", recv, N, "MPI_INT", W);
            int[] fwd = {0, N, 2 * N};
            threeForms(r, "MPI_Alltoallv", clear, () -> assertArrayEquals(concat(values(2, me * N, N), values(1, me * N, N), values(0, me * N, N)),
                    readInts(r, recv, 3 * N), "Alltoallv, received in reverse"), out, counts, fwd, "MPI_INT", recv, counts, back, "MPI_INT", W);
            int[] bytes = {0, 4 * N, 8 * N};
            List<String> types = List.of("MPI_INT", "MPI_INT", "MPI_INT");
            threeForms(r, "MPI_Alltoallw", clear, () -> assertArrayEquals(want, readInts(r, recv, 3 * N), "Alltoallw"),
                    out, counts, bytes, types, recv, counts, bytes, types, W);
        });
    }

    /** Sums of value(rank, i) over ranks [from, to), for i in [first, first + n). */
    static int[] sums(int from, int to, int first, int n) {
        int[] s = new int[n];
        for (int j = from; j < to; j++) for (int i = 0; i < n; i++) s[i] += value(j, first + i);
        return s;
    }

    @Test
    void everyReductionGivesWhatItsDefinitionSaysOnBothPaths() { // 6.9.1, 6.10, 6.11
        int m = 30; // 120 bytes: 10 ints per rank, 7/11/12 for Reduce_scatter
        bothPaths(3, (r, lowered) -> {
            int me = r.id();
            long in = ints(r, values(me, 0, m)), out = ints(r, new int[m]);
            Runnable clear = () -> fill(r, out, new int[m]);
            threeForms(r, "MPI_Reduce", clear, () -> assertArrayEquals(me == 1 ? sums(0, 3, 0, m) : new int[m], readInts(r, out, m), "Reduce"),
                    in, out, m, "MPI_INT", "MPI_SUM", 1, W);
            threeForms(r, "MPI_Allreduce", clear, () -> assertArrayEquals(sums(0, 3, 0, m), readInts(r, out, m), "Allreduce"),
                    in, out, m, "MPI_INT", "MPI_SUM", W);
            Runnable own = () -> fill(r, out, values(me, 0, m)); // in place: recvbuf is the input
            threeForms(r, "MPI_Allreduce", own, () -> assertArrayEquals(sums(0, 3, 0, m), readInts(r, out, m), "Allreduce in place"),
                    CollCalls.IN_PLACE, out, m, "MPI_INT", "MPI_SUM", W);
            threeForms(r, "MPI_Reduce_scatter_block", clear, () -> assertArrayEquals(sums(0, 3, 10 * me, 10), readInts(r, out, 10),
                    "Reduce_scatter_block"), in, out, 10, "MPI_INT", "MPI_SUM", W);
            threeForms(r, "MPI_Reduce_scatter_block", own, () -> assertArrayEquals(sums(0, 3, 10 * me, 10), readInts(r, out, 10),
                    "Reduce_scatter_block in place: the block at the start of recvbuf"), CollCalls.IN_PLACE, out, 10, "MPI_INT", "MPI_SUM", W);
            int[] rc = {7, 11, 12}, first = {0, 7, 18};
            threeForms(r, "MPI_Reduce_scatter", own, () -> assertArrayEquals(sums(0, 3, first[me], rc[me]), readInts(r, out, rc[me]),
                    "Reduce_scatter in place"), CollCalls.IN_PLACE, out, rc, "MPI_INT", "MPI_SUM", W);
            threeForms(r, "MPI_Reduce_scatter", clear, () -> assertArrayEquals(sums(0, 3, first[me], rc[me]), readInts(r, out, rc[me]),
                    "Reduce_scatter"), in, out, rc, "MPI_INT", "MPI_SUM", W);
            threeForms(r, "MPI_Scan", own, () -> assertArrayEquals(sums(0, me + 1, 0, m), readInts(r, out, m), "Scan in place"),
                    CollCalls.IN_PLACE, out, m, "MPI_INT", "MPI_SUM", W);
            int[] untouched = new int[m];
            java.util.Arrays.fill(untouched, -7);
            threeForms(r, "MPI_Exscan", () -> fill(r, out, untouched), () -> assertArrayEquals(me == 0 ? untouched : sums(0, me, 0, m),
                    readInts(r, out, m), "Exscan: rank 0's recvbuf is left alone"), in, out, m, "MPI_INT", "MPI_SUM", W);
        });
    }

    /** x op y = 3x + y (int arithmetic, wrapping): not commutative, so the order of the fold shows. */
    static final IntBinaryOperator TRIPLE_PLUS = (x, y) -> 3 * x + y;

    /** The left-to-right fold of value(j, i) over ranks j in [from, to) with TRIPLE_PLUS, for i in [first, first + n). */
    static int[] folds(int from, int to, int first, int n) {
        int[] s = values(from, first, n);
        for (int j = from + 1; j < to; j++) for (int i = 0; i < n; i++) s[i] = TRIPLE_PLUS.applyAsInt(s[i], value(j, first + i));
        return s;
    }

    /** A user op computing TRIPLE_PLUS on MPI_INTs, recording the largest len it was called with. */
    static Op triplePlus(Rank r, AtomicInteger maxLen) {
        UserFn fn = new UserFn() {
            @Override public void apply(long in, long inout, int len, Datatype type) {
                assertEquals("MPI_INT", type.name(), "the function gets the caller's datatype");
                maxLen.accumulateAndGet(len, Math::max);
                for (int i = 0; i < len; i++) {
                    r.memory().writeInt(inout + 4L * i, TRIPLE_PLUS.applyAsInt(r.memory().readInt(in + 4L * i), r.memory().readInt(inout + 4L * i)));
                }
            }
            @Override public String describe() { return "3x + y"; }
        };
        return (Op) TestJob.call1(r, "MPI_Op_create", fn, false);
    }

    @Test
    void aNonCommutativeUserOpFoldsInRankOrderAndSeesTheDataInChunks() { // 6.9.5
        int m = 30;
        bothPaths(3, (r, lowered) -> {
            int me = r.id();
            AtomicInteger maxLen = new AtomicInteger();
            Op op = triplePlus(r, maxLen);
            long in = ints(r, values(me, 0, m)), out = ints(r, new int[m]);
            Runnable clear = () -> fill(r, out, new int[m]);
            threeForms(r, "MPI_Allreduce", clear, () -> assertArrayEquals(folds(0, 3, 0, m), readInts(r, out, m), "Allreduce"),
                    in, out, m, "MPI_INT", op, W);
            threeForms(r, "MPI_Reduce", clear, () -> assertArrayEquals(me == 2 ? folds(0, 3, 0, m) : new int[m], readInts(r, out, m), "Reduce"),
                    in, out, m, "MPI_INT", op, 2, W);
            threeForms(r, "MPI_Scan", clear, () -> assertArrayEquals(folds(0, me + 1, 0, m), readInts(r, out, m), "Scan"),
                    in, out, m, "MPI_INT", op, W);
            threeForms(r, "MPI_Reduce_scatter_block", clear, () -> assertArrayEquals(folds(0, 3, 10 * me, 10), readInts(r, out, 10),
                    "Reduce_scatter_block"), in, out, 10, "MPI_INT", op, W);
            // the ordinary path calls the function once per source on the whole vector (or block); the large one per 16-byte chunk
            if (me == 0) assertEquals(lowered ? 4 : m, maxLen.get(), "the largest len the function saw");
        });
    }

    @Test
    void intercommunicatorReductionsFoldTheOtherGroupsInputsOnBothPaths() { // 6.9.1, 6.9.6 on intercommunicators (6.2.2)
        int m = 30;
        bothPaths(4, (r, lowered) -> {
            int w = r.id(), color = w % 2;
            Comm local = (Comm) TestJob.call1(r, "MPI_Comm_split", W, color, w);
            Comm inter = (Comm) TestJob.call1(r, "MPI_Intercomm_create", local, 0, W, 1 - color, 9);
            int[] other = new int[m]; // the sum over the other group: world ranks 1, 3 for the evens, 0, 2 for the odds
            for (int j = 1 - color; j < 4; j += 2) for (int i = 0; i < m; i++) other[i] += value(j, i);
            long in = ints(r, values(w, 0, m)), out = ints(r, new int[m]);
            threeForms(r, "MPI_Allreduce", () -> fill(r, out, new int[m]), () -> assertArrayEquals(other, readInts(r, out, m), "Allreduce"),
                    in, out, m, "MPI_INT", "MPI_SUM", inter);
            // Reduce to the odds' local rank 0 (world 1) of the evens' inputs
            int root = color == 1 ? (inter.rank() == 0 ? -3 /* MPI_ROOT */ : -1 /* MPI_PROC_NULL */) : 0;
            threeForms(r, "MPI_Reduce", () -> fill(r, out, new int[m]), () -> assertArrayEquals(w == 1 ? other : new int[m], readInts(r, out, m),
                    "Reduce at world rank 1"), in, out, m, "MPI_INT", "MPI_SUM", root, inter);
            // 6.11.1-2: the other group's sum, in blocks of 15 over this group's two ranks
            int k = inter.rank();
            int[] block = java.util.Arrays.copyOfRange(other, 15 * k, 15 * k + 15);
            threeForms(r, "MPI_Reduce_scatter", () -> fill(r, out, new int[m]), () -> assertArrayEquals(block, readInts(r, out, 15),
                    "Reduce_scatter, local rank " + k), in, out, new int[] {15, 15}, "MPI_INT", "MPI_SUM", inter);
            threeForms(r, "MPI_Reduce_scatter_block", () -> fill(r, out, new int[m]), () -> assertArrayEquals(block, readInts(r, out, 15),
                    "Reduce_scatter_block, local rank " + k), in, out, 15, "MPI_INT", "MPI_SUM", inter);
        });
    }

    @Test
    void neighbourhoodCollectivesMoveTheSameBlocksOnBothPaths() { // 8.6 on a periodic ring
        bothPaths(3, (r, lowered) -> {
            int me = r.id(), left = (me + 2) % 3, right = (me + 1) % 3;
            Object ring = TestJob.call1(r, "MPI_Cart_create", W, 1, new int[] {3}, new int[] {1}, 0);
            long one = ints(r, values(me, 0, N)), two = ints(r, values(me, 0, 2 * N)), recv = ints(r, new int[2 * N]);
            Runnable clear = () -> fill(r, recv, new int[2 * N]);
            // block 0 comes from the left neighbour (what it sent right, its block 1), block 1 from the right (its block 0)
            threeForms(r, "MPI_Neighbor_alltoall", clear, () -> assertArrayEquals(concat(values(left, N, N), values(right, 0, N)),
                    readInts(r, recv, 2 * N), "Neighbor_alltoall"), two, N, "MPI_INT", recv, N, "MPI_INT", ring);
            threeForms(r, "MPI_Neighbor_allgather", clear, () -> assertArrayEquals(concat(values(left, 0, N), values(right, 0, N)),
                    readInts(r, recv, 2 * N), "Neighbor_allgather"), one, N, "MPI_INT", recv, N, "MPI_INT", ring);
            int[] c2 = {N, N}, flip = {N, 0}, fwd = {0, N};
            threeForms(r, "MPI_Neighbor_allgatherv", clear, () -> assertArrayEquals(concat(values(right, 0, N), values(left, 0, N)),
                    readInts(r, recv, 2 * N), "Neighbor_allgatherv, blocks swapped"), one, N, "MPI_INT", recv, c2, flip, "MPI_INT", ring);
            threeForms(r, "MPI_Neighbor_alltoallv", clear, () -> assertArrayEquals(concat(values(left, N, N), values(right, 0, N)),
                    readInts(r, recv, 2 * N), "Neighbor_alltoallv"), two, c2, fwd, "MPI_INT", recv, c2, fwd, "MPI_INT", ring);
            long[] bytes = {0, 4L * N};
            List<String> types = List.of("MPI_INT", "MPI_INT");
            threeForms(r, "MPI_Neighbor_alltoallw", clear, () -> assertArrayEquals(concat(values(left, N, N), values(right, 0, N)),
                    readInts(r, recv, 2 * N), "Neighbor_alltoallw"), two, c2, bytes, types, recv, c2, bytes, types, ring);
        });
    }

    /**
     * A nonblocking broadcast's root that lent its memory completes while the other rank is inside a blocking receive
     * that only the root's next send can end: the other rank copies at a progress point of that receive (MPI-4.1 2.9,
     * 6.12), not only when a completion call looks at its own request, else the two would wait for each other.
     */
    @Test
    void aRootThatLentItsMemoryCompletesWhileTheOtherRankWaitsElsewhere() {
        bothPaths(2, (r, lowered) -> {
            long buf = ints(r, r.id() == 0 ? values(0, 0, N) : new int[N]), token = ints(r, 0);
            Object q = TestJob.call1(r, "MPI_Ibcast", buf, N, "MPI_INT", 0, W);
            call(r, "MPI_Barrier", W); // both have started
            if (r.id() == 0) {
                call(r, "MPI_Wait", q);
                call(r, "MPI_Send", token, 1, "MPI_INT", 1, 0, W);
            } else {
                call(r, "MPI_Recv", token, 1, "MPI_INT", 0, 0, W);
                // the large path copied during the receive; the ordinary one delivers the packed copy at the completion call
                if (lowered) assertArrayEquals(values(0, 0, N), readInts(r, buf, N), "copied during the receive");
                call(r, "MPI_Wait", q);
                assertArrayEquals(values(0, 0, N), readInts(r, buf, N));
            }
        });
    }

    /** Block j of rank me's buffer of 3 blocks of {@code len} ints after an in-place all-to-all (6.8): rank j's block me. */
    static int[] exchanged(int me, int len) {
        return concat(values(0, me * len, len), values(1, me * len, len), values(2, me * len, len));
    }

    @Test
    void inPlaceAllToAllExchangesTheBlocksOnBothPaths() { // 6.8: sendbuf MPI_IN_PLACE, the data taken from recvbuf
        bothPaths(3, (r, lowered) -> {
            int me = r.id();
            long buf = ints(r, new int[3 * N]);
            Runnable own = () -> fill(r, buf, values(me, 0, 3 * N));
            Object ip = CollCalls.IN_PLACE;
            threeForms(r, "MPI_Alltoall", own, () -> assertArrayEquals(exchanged(me, N), readInts(r, buf, 3 * N), "Alltoall in place"),
                    ip, N, "MPI_INT", buf, N, "MPI_INT", W);
            int[] counts = {N, N, N}, displs = {0, N, 2 * N}, bytes = {0, 4 * N, 8 * N};
            threeForms(r, "MPI_Alltoallv", own, () -> assertArrayEquals(exchanged(me, N), readInts(r, buf, 3 * N), "Alltoallv in place"),
                    ip, counts, displs, "MPI_INT", buf, counts, displs, "MPI_INT", W);
            List<String> types = List.of("MPI_INT", "MPI_INT", "MPI_INT");
            threeForms(r, "MPI_Alltoallw", own, () -> assertArrayEquals(exchanged(me, N), readInts(r, buf, 3 * N), "Alltoallw in place"),
                    ip, counts, bytes, types, buf, counts, bytes, types, W);
            // blocks of different sizes: ranks i and j exchange 8 + i + j ints (each pair agrees), packed one after another
            int[] vc = new int[3], vd = new int[3];
            for (int j = 0, at = 0; j < 3; at += vc[j], j++) { vc[j] = 8 + me + j; vd[j] = at; }
            int[] want = new int[vd[2] + vc[2]];
            for (int j = 0; j < 3; j++) { // rank j's block for me starts where j put it: after its blocks for the ranks below me
                int theirs = 0;
                for (int i = 0; i < me; i++) theirs += 8 + j + i;
                System.arraycopy(values(j, theirs, vc[j]), 0, want, vd[j], vc[j]);
            }
            long vbuf = ints(r, new int[want.length]);
            threeForms(r, "MPI_Alltoallv", () -> fill(r, vbuf, values(me, 0, want.length)),
                    () -> assertArrayEquals(want, readInts(r, vbuf, want.length), "Alltoallv in place, unequal blocks"),
                    ip, vc, vd, "MPI_INT", vbuf, vc, vd, "MPI_INT", W);
        });
    }

    /** Every other int: N ints of data in a span of 2N - 1. */
    static Datatype strided(Rank r) {
        Datatype t = (Datatype) TestJob.call1(r, "MPI_Type_vector", N, 1, 2, "MPI_INT");
        call(r, "MPI_Type_commit", t);
        return t;
    }

    /** The n elements a strided block at index from of v reads: v[from], v[from + 2], ... */
    static int[] evens(int[] v, int from, int n) {
        int[] e = new int[n];
        for (int i = 0; i < n; i++) e[i] = v[from + 2 * i];
        return e;
    }

    /** {@code into} with its even positions from the start replaced by {@code data}. */
    static int[] evensInto(int[] into, int[] data) {
        int[] s = into.clone();
        for (int i = 0; i < data.length; i++) s[2 * i] = data[i];
        return s;
    }

    @Test
    void aNonContiguousDatatypeMovesTheSameElementsOnBothPaths() { // 6.4-6.8, 8.6 with a derived datatype (5.1.2)
        int span = 2 * N - 1; // the extent of one strided block, in ints
        bothPaths(3, (r, lowered) -> {
            int me = r.id(), left = (me + 2) % 3, right = (me + 1) % 3;
            Datatype v = strided(r);
            long buf = ints(r, new int[2 * N]);
            // a strided root and contiguous receivers; then a contiguous root and strided receivers
            threeForms(r, "MPI_Bcast", () -> fill(r, buf, me == 1 ? values(1, 0, 2 * N) : new int[2 * N]),
                    () -> assertArrayEquals(me == 1 ? values(1, 0, 2 * N) : concat(evens(values(1, 0, 2 * N), 0, N), new int[N]),
                            readInts(r, buf, 2 * N), "Bcast of a strided block"), buf, me == 1 ? 1 : N, me == 1 ? v : "MPI_INT", 1, W);
            threeForms(r, "MPI_Bcast", () -> fill(r, buf, me == 1 ? values(1, 0, N) : values(me, 0, 2 * N)),
                    () -> assertArrayEquals(me == 1 ? values(1, 0, N) : evensInto(values(me, 0, 2 * N), values(1, 0, N)),
                            readInts(r, buf, me == 1 ? N : 2 * N), "Bcast into a strided block: the gaps keep their values"),
                    buf, me == 1 ? N : 1, me == 1 ? "MPI_INT" : v, 1, W);
            int[][] mine = new int[3][];
            for (int j = 0; j < 3; j++) mine[j] = values(j, 0, 3 * span); // rank j's send buffer: 3 strided blocks, block k at k * span
            long send = ints(r, mine[me]), recv = ints(r, new int[3 * N]);
            Runnable clear = () -> fill(r, recv, new int[3 * N]);
            int[] firsts = concat(evens(mine[0], 0, N), evens(mine[1], 0, N), evens(mine[2], 0, N));
            threeForms(r, "MPI_Gather", clear, () -> assertArrayEquals(me == 0 ? firsts : new int[3 * N],
                    readInts(r, recv, 3 * N), "Gather of strided blocks"), send, 1, v, recv, N, "MPI_INT", 0, W);
            threeForms(r, "MPI_Allgather", clear, () -> assertArrayEquals(firsts, readInts(r, recv, 3 * N), "Allgather of strided blocks"),
                    send, 1, v, recv, N, "MPI_INT", W);
            long one = ints(r, new int[2 * N]);
            threeForms(r, "MPI_Scatter", () -> fill(r, one, new int[2 * N]), () -> assertArrayEquals(evens(mine[2], me * span, N),
                    readInts(r, one, N), "Scatter of strided blocks"), send, 1, v, one, N, "MPI_INT", 2, W);
            long flat = ints(r, values(2, 0, 3 * N));
            threeForms(r, "MPI_Scatter", () -> fill(r, one, new int[2 * N]), () -> assertArrayEquals(evensInto(new int[2 * N], values(2, me * N, N)),
                    readInts(r, one, 2 * N), "Scatter into a strided block"), flat, N, "MPI_INT", one, 1, v, 2, W);
            int[] want = new int[3 * N];
            for (int j = 0; j < 3; j++) System.arraycopy(evens(mine[j], me * span, N), 0, want, j * N, N);
            threeForms(r, "MPI_Alltoall", clear, () -> assertArrayEquals(want, readInts(r, recv, 3 * N), "Alltoall of strided blocks"),
                    send, 1, v, recv, N, "MPI_INT", W);
            // in place with the strided type: the even positions of each block are exchanged, the odd ones stay
            long ip = ints(r, new int[3 * span]);
            int[] after = mine[me].clone();
            for (int j = 0; j < 3; j++) {
                int[] got = evens(mine[j], me * span, N);
                for (int i = 0; i < N; i++) after[j * span + 2 * i] = got[i];
            }
            threeForms(r, "MPI_Alltoall", () -> fill(r, ip, mine[me]), () -> assertArrayEquals(after, readInts(r, ip, 3 * span),
                    "Alltoall in place, strided"), CollCalls.IN_PLACE, 1, v, ip, 1, v, W);
            Object ring = TestJob.call1(r, "MPI_Cart_create", W, 1, new int[] {3}, new int[] {1}, 0);
            long nb = ints(r, new int[2 * N]);
            threeForms(r, "MPI_Neighbor_allgather", () -> fill(r, nb, new int[2 * N]), () -> assertArrayEquals(
                    concat(evens(mine[left], 0, N), evens(mine[right], 0, N)), readInts(r, nb, 2 * N),
                    "Neighbor_allgather of strided blocks"), send, 1, v, nb, N, "MPI_INT", ring);
        });
    }
}
