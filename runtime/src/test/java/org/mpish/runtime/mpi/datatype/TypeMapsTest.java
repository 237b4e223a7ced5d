package org.mpish.runtime.mpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;

/**
 * Datatype constructors, their type maps, envelopes and contents (MPI-4.1 sections 5.1.2-5.1.13). The expected
 * values were printed by a C program (the same calls, then MPI_Type_get_envelope / get_contents, the extents, and
 * MPI_Pack of an int array holding each element's index, which lists the type map's elements in order) compiled
 * with mpicc.mpich (MPICH 4.0.2) and run with mpiexec.mpich on this machine, 2026-11-26. Open MPI 4.1.4 printed
 * the same maps and extents; its combiner numbers differ (mpish uses MPICH's) and its MPI_Type_get_contents
 * crashed on this machine, so the envelopes are MPICH's.
 */
@Timeout(60)
class TypeMapsTest {
    private static final int NAMED = 1, DUP = 2, CONTIGUOUS = 3, VECTOR = 4, HVECTOR = 6, INDEXED = 7, HINDEXED = 9,
            INDEXED_BLOCK = 10, STRUCT = 12, SUBARRAY = 13, DARRAY = 14, RESIZED = 18, HINDEXED_BLOCK = 19;

    /** size, lb, extent, true lb, true extent, and the element indices MPI_Pack reads (relative to the buffer). */
    private record Map(int size, long lb, long extent, long trueLb, long trueExtent, int[] elems) {
        @Override public String toString() {
            return "size=" + size + " lb=" + lb + " extent=" + extent + " true_lb=" + trueLb + " true_extent=" + trueExtent
                    + " elems=" + Arrays.toString(elems);
        }
        @Override public boolean equals(Object o) { return o instanceof Map m && toString().equals(m.toString()); }
        @Override public int hashCode() { return toString().hashCode(); }
    }

    private static Map map(int size, long lb, long extent, long tlb, long text, int... elems) { return new Map(size, lb, extent, tlb, text, elems); }

    /** What the C program measured, the same way: 400 ints holding 0..399, the type placed at int 200. */
    private static Map measure(Rank r, Handle t) {
        call(r, "MPI_Type_commit", t);
        long buf = r.memory().alloc(1600), out = r.memory().alloc(4000);
        MemorySegment s = r.memory().segment(buf, 1600);
        for (int i = 0; i < 400; i++) s.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, i);
        int pos = (Integer) call1(r, "MPI_Pack", buf + 800, 1, t, out, 4000, 0, "MPI_COMM_SELF");
        MemorySegment o = r.memory().segment(out, 4000);
        int[] elems = new int[pos / 4];
        for (int i = 0; i < elems.length; i++) elems[i] = o.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i) - 200;
        Object[] ext = call(r, "MPI_Type_get_extent", t), text = call(r, "MPI_Type_get_true_extent", t);
        Map m = new Map((Integer) call1(r, "MPI_Type_size", t), (Long) ext[0], (Long) ext[1], (Long) text[0], (Long) text[1], elems);
        r.memory().free(buf);
        r.memory().free(out);
        return m;
    }

    /** "combiner=.. ints=[..] addrs=[..] types=[..]" as the C program printed it; derived types freed after. */
    private static String envelope(Rank r, Handle t) {
        Object[] e = call(r, "MPI_Type_get_envelope", t);
        int ni = (Integer) e[0], na = (Integer) e[1], nd = (Integer) e[2], comb = (Integer) e[3];
        StringBuilder sb = new StringBuilder("combiner=" + comb + " ni=" + ni + " na=" + na + " nd=" + nd);
        if (comb == NAMED) return sb.toString();
        Object[] c = call(r, "MPI_Type_get_contents", t, ni, na, nd);
        sb.append(" ints=").append(Arrays.toString((int[]) c[0])).append(" addrs=").append(Arrays.toString((long[]) c[1])).append(" types=[");
        Handle[] ts = (Handle[]) c[2];
        for (int i = 0; i < ts.length; i++) {
            int tc = (Integer) call(r, "MPI_Type_get_envelope", ts[i])[3];
            sb.append(i > 0 ? "," : "").append(tc == NAMED ? call(r, "MPI_Type_get_name", ts[i])[0] : "derived").append('/').append(tc);
            if (tc != NAMED) call(r, "MPI_Type_free", ts[i]);   // derived datatypes returned are the caller's to free
        }
        return sb.append(']').toString();
    }

    private static Handle type(Rank r, String call, Object... args) { return (Handle) call1(r, call, args); }

    @Test
    void everyCombinerHasTheEnvelopeContentsAndTypeMapMpichGives() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                Handle t = type(r, "MPI_Type_contiguous", 3, "MPI_INT");
                assertEquals("combiner=3 ni=1 na=0 nd=1 ints=[3] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(12, 0, 12, 0, 12, 0, 1, 2), measure(r, t));
                t = type(r, "MPI_Type_vector", 2, 3, 5, "MPI_INT");
                assertEquals("combiner=4 ni=3 na=0 nd=1 ints=[2, 3, 5] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(24, 0, 32, 0, 32, 0, 1, 2, 5, 6, 7), measure(r, t));
                t = type(r, "MPI_Type_create_hvector", 2, 3, 20L, "MPI_INT");
                assertEquals("combiner=6 ni=2 na=1 nd=1 ints=[2, 3] addrs=[20] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(24, 0, 32, 0, 32, 0, 1, 2, 5, 6, 7), measure(r, t));
                t = type(r, "MPI_Type_indexed", 2, List.of(1, 2), List.of(0, 4), "MPI_INT");
                assertEquals("combiner=7 ni=5 na=0 nd=1 ints=[2, 1, 2, 0, 4] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(12, 0, 24, 0, 24, 0, 4, 5), measure(r, t));
                t = type(r, "MPI_Type_create_hindexed", 2, List.of(1, 2), List.of(0L, 16L), "MPI_INT");
                assertEquals("combiner=9 ni=3 na=2 nd=1 ints=[2, 1, 2] addrs=[0, 16] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(12, 0, 24, 0, 24, 0, 4, 5), measure(r, t));
                t = type(r, "MPI_Type_create_indexed_block", 3, 2, List.of(0, 3, 7), "MPI_INT");
                assertEquals("combiner=10 ni=5 na=0 nd=1 ints=[3, 2, 0, 3, 7] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(24, 0, 36, 0, 36, 0, 1, 3, 4, 7, 8), measure(r, t));
                t = type(r, "MPI_Type_create_hindexed_block", 2, 1, List.of(0L, 24L), "MPI_INT");
                assertEquals("combiner=19 ni=2 na=2 nd=1 ints=[2, 1] addrs=[0, 24] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(8, 0, 28, 0, 28, 0, 6), measure(r, t));
                t = type(r, "MPI_Type_create_struct", 2, List.of(1, 2), List.of(0L, 8L), List.of("MPI_INT", "MPI_INT"));
                assertEquals("combiner=12 ni=3 na=2 nd=2 ints=[2, 1, 2] addrs=[0, 8] types=[MPI_INT/1,MPI_INT/1]", envelope(r, t));
                assertEquals(map(12, 0, 16, 0, 16, 0, 2, 3), measure(r, t));
                t = type(r, "MPI_Type_create_subarray", 2, List.of(4, 5), List.of(2, 3), List.of(1, 1), TypeCalls.ORDER_C, "MPI_INT");
                assertEquals("combiner=13 ni=8 na=0 nd=1 ints=[2, 4, 5, 2, 3, 1, 1, 56] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(24, 0, 80, 24, 32, 6, 7, 8, 11, 12, 13), measure(r, t));
                t = type(r, "MPI_Type_create_subarray", 2, List.of(4, 5), List.of(2, 3), List.of(1, 1), TypeCalls.ORDER_FORTRAN, "MPI_INT");
                assertEquals("combiner=13 ni=8 na=0 nd=1 ints=[2, 4, 5, 2, 3, 1, 1, 57] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(24, 0, 80, 20, 40, 5, 6, 9, 10, 13, 14), measure(r, t));
                t = type(r, "MPI_Type_create_resized", "MPI_INT", -4L, 16L);
                assertEquals("combiner=18 ni=0 na=2 nd=1 ints=[] addrs=[-4, 16] types=[MPI_INT/1]", envelope(r, t));
                assertEquals(map(4, -4, 16, 0, 4, 0), measure(r, t));
                Handle v = type(r, "MPI_Type_vector", 2, 1, 3, "MPI_INT");
                t = type(r, "MPI_Type_dup", v);
                assertEquals("combiner=2 ni=0 na=0 nd=1 ints=[] addrs=[] types=[derived/4]", envelope(r, t));
                assertEquals(map(8, 0, 16, 0, 16, 0, 3), measure(r, t));
                t = type(r, "MPI_Type_create_struct", 2, List.of(2, 1), List.of(4L, 100L), List.of(v, "MPI_INT"));
                call(r, "MPI_Type_free", v);   // the struct keeps what it was built from
                assertEquals("combiner=12 ni=3 na=2 nd=2 ints=[2, 2, 1] addrs=[4, 100] types=[derived/4,MPI_INT/1]", envelope(r, t));
                assertEquals(map(20, 4, 100, 4, 100, 1, 4, 5, 8, 25), measure(r, t));
                assertEquals("combiner=1 ni=0 na=0 nd=0", envelope(r, lookup(r, "MPI_INT")));
            });
        }
    }

    private static Handle lookup(Rank r, String name) { return org.mpish.runtime.mpi.MpiProcess.of(r).handles().lookup(name); }

    @Test
    void contentsReturnsNewDerivedHandlesAndThePredefinedOnesThemselves() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                Handle v = type(r, "MPI_Type_vector", 2, 1, 3, "MPI_INT");
                Handle d = type(r, "MPI_Type_dup", v);
                Handle[] got = (Handle[]) call(r, "MPI_Type_get_contents", d, 0, 0, 1)[2];
                assertNotSame(v, got[0], "a derived type comes back as a new handle (MPI-4.1 5.1.13)");
                assertEquals(VECTOR, call(r, "MPI_Type_get_envelope", got[0])[3]);
                call(r, "MPI_Type_free", got[0]);
                assertEquals(VECTOR, call(r, "MPI_Type_get_envelope", v)[3], "freeing the returned copy leaves the original");
                Handle c = type(r, "MPI_Type_contiguous", 2, "MPI_DOUBLE");
                assertSame(lookup(r, "MPI_DOUBLE"), ((Handle[]) call(r, "MPI_Type_get_contents", c, 1, 0, 1)[2])[0]);
                // too little room, and a named type, which has no contents
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_get_contents", c, 0, 0, 1));
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_get_contents", "MPI_INT", 0, 0, 0));
            });
        }
    }

    /** MPICH's maps of a 6x5 int array on a 2x2 grid (and 7x3 on 3x1), each rank's elements in type-map order. */
    @Test
    void darrayDistributesAsMpichDoes() {
        int B = Darray.BLOCK, C = Darray.CYCLIC, N = Darray.NONE, D = Darray.DFLT_DARG, OC = TypeCalls.ORDER_C, OF = TypeCalls.ORDER_FORTRAN;
        Object[][] cases = {
            {new int[] {B, B}, new int[] {D, D}, OC, new Map[] {
                map(36, 0, 120, 0, 52, 0, 1, 2, 5, 6, 7, 10, 11, 12), map(24, 0, 120, 12, 48, 3, 4, 8, 9, 13, 14),
                map(36, 0, 120, 60, 52, 15, 16, 17, 20, 21, 22, 25, 26, 27), map(24, 0, 120, 72, 48, 18, 19, 23, 24, 28, 29)}},
            {new int[] {B, C}, new int[] {D, 2}, OC, new Map[] {
                map(36, 0, 120, 0, 60, 0, 1, 4, 5, 6, 9, 10, 11, 14), map(24, 0, 120, 8, 48, 2, 3, 7, 8, 12, 13),
                map(36, 0, 120, 60, 60, 15, 16, 19, 20, 21, 24, 25, 26, 29), map(24, 0, 120, 68, 48, 17, 18, 22, 23, 27, 28)}},
            {new int[] {C, B}, new int[] {D, D}, OF, new Map[] {
                map(36, 0, 120, 0, 68, 0, 2, 4, 6, 8, 10, 12, 14, 16), map(24, 0, 120, 72, 44, 18, 20, 22, 24, 26, 28),
                map(36, 0, 120, 4, 68, 1, 3, 5, 7, 9, 11, 13, 15, 17), map(24, 0, 120, 76, 44, 19, 21, 23, 25, 27, 29)}},
            {new int[] {B, C}, new int[] {4, 1}, OF, new Map[] {
                map(48, 0, 120, 0, 112, 0, 1, 2, 3, 12, 13, 14, 15, 24, 25, 26, 27), map(32, 0, 120, 24, 64, 6, 7, 8, 9, 18, 19, 20, 21),
                map(24, 0, 120, 16, 104, 4, 5, 16, 17, 28, 29), map(16, 0, 120, 40, 56, 10, 11, 22, 23)}},
        };
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                for (Object[] c : cases) {
                    int[] dist = (int[]) c[0], darg = (int[]) c[1];
                    Map[] want = (Map[]) c[3];
                    for (int rank = 0; rank < 4; rank++) {
                        Handle t = type(r, "MPI_Type_create_darray", 4, rank, 2, List.of(6, 5), List.of(dist[0], dist[1]),
                                List.of(darg[0], darg[1]), List.of(2, 2), c[2], "MPI_INT");
                        assertEquals(want[rank], measure(r, t), Arrays.toString(dist) + Arrays.toString(darg) + " rank " + rank);
                        if (rank == 1) {
                            assertEquals("combiner=14 ni=12 na=0 nd=1 ints=[4, 1, 2, 6, 5, " + dist[0] + ", " + dist[1] + ", " + darg[0] + ", "
                                    + darg[1] + ", 2, 2, " + c[2] + "] addrs=[] types=[MPI_INT/1]", envelope(r, t));
                        }
                    }
                }
                Map[] none = {map(36, 0, 84, 0, 84, 0, 1, 2, 3, 4, 5, 18, 19, 20), map(24, 0, 84, 24, 24, 6, 7, 8, 9, 10, 11),
                    map(24, 0, 84, 48, 24, 12, 13, 14, 15, 16, 17)};
                for (int rank = 0; rank < 3; rank++) {
                    Handle t = type(r, "MPI_Type_create_darray", 3, rank, 2, List.of(7, 3), List.of(C, N), List.of(2, D), List.of(3, 1), OC, "MPI_INT");
                    assertEquals(none[rank], measure(r, t), "cyclic(2) x none, rank " + rank);
                }
                // a grid that is not the group, a block too small to cover its dimension, NONE over several processes
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_darray", 4, 0, 2, List.of(6, 5), List.of(B, B), List.of(D, D), List.of(2, 3), OC, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_darray", 4, 0, 2, List.of(6, 5), List.of(B, B), List.of(2, D), List.of(2, 2), OC, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_create_darray", 4, 0, 2, List.of(6, 5), List.of(N, B), List.of(D, D), List.of(2, 2), OC, "MPI_INT"));
                expectError(ErrorClass.MPI_ERR_RANK, () -> call(r, "MPI_Type_create_darray", 4, 4, 2, List.of(6, 5), List.of(B, B), List.of(D, D), List.of(2, 2), OC, "MPI_INT"));
            });
        }
    }

    @Test
    void namesOfPredefinedAndDerivedTypes() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                // MPICH and Open MPI: "MPI_INT" (7), "" (0) for a derived type, "MPI_DOUBLE_INT" (14)
                assertArrayEquals(new Object[] {"MPI_INT", 7}, call(r, "MPI_Type_get_name", "MPI_INT"));
                assertArrayEquals(new Object[] {"MPI_DOUBLE_INT", 14}, call(r, "MPI_Type_get_name", "MPI_DOUBLE_INT"));
                Handle t = type(r, "MPI_Type_contiguous", 2, "MPI_INT");
                assertArrayEquals(new Object[] {"", 0}, call(r, "MPI_Type_get_name", t));
                call(r, "MPI_Type_set_name", t, "pair");
                assertArrayEquals(new Object[] {"pair", 4}, call(r, "MPI_Type_get_name", t));
            });
        }
    }

    /** MPI_Type_match_size: MPICH and Open MPI answer with Fortran types, which mpish lacks; these are the C types of those sizes. */
    @Test
    void matchSizeGivesThePredefinedCTypeOfThatSize() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                int INTEGER = TypeQueryCalls.TYPECLASS_INTEGER, REAL = TypeQueryCalls.TYPECLASS_REAL;
                assertSame(lookup(r, "MPI_INT"), call1(r, "MPI_Type_match_size", INTEGER, 4));
                assertSame(lookup(r, "MPI_LONG"), call1(r, "MPI_Type_match_size", INTEGER, 8));
                assertSame(lookup(r, "MPI_SHORT"), call1(r, "MPI_Type_match_size", INTEGER, 2));
                assertSame(lookup(r, "MPI_DOUBLE"), call1(r, "MPI_Type_match_size", REAL, 8));
                assertSame(lookup(r, "MPI_FLOAT"), call1(r, "MPI_Type_match_size", REAL, 4));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_match_size", REAL, 2));
                expectError(ErrorClass.MPI_ERR_ARG, () -> call(r, "MPI_Type_match_size", TypeQueryCalls.TYPECLASS_COMPLEX, 16));
            });
        }
    }

    /** MPI-4.1 section 5.1.12: a type whose displacements are absolute addresses (MPI_Get_address) used at MPI_BOTTOM. */
    @Test
    void absoluteAddressesAtMpiBottom() {
        try (TestJob j = new TestJob(2)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                long a = r.memory().alloc(8), b = r.memory().alloc(8), got = r.memory().alloc(16);
                long addrA = (Long) call1(r, "MPI_Get_address", a), addrB = (Long) call1(r, "MPI_Get_address", b + 4);
                r.memory().segment(a, 8).set(ValueLayout.JAVA_INT_UNALIGNED, 0, 11 + r.id());
                r.memory().segment(b, 8).set(ValueLayout.JAVA_INT_UNALIGNED, 4, 22 + r.id());
                Handle t = type(r, "MPI_Type_create_struct", 2, List.of(1, 1), List.of(addrA, addrB), List.of("MPI_INT", "MPI_INT"));
                call(r, "MPI_Type_commit", t);
                int other = 1 - r.id();
                call(r, "MPI_Sendrecv", "MPI_BOTTOM", 1, t, other, 0, got, 2, "MPI_INT", other, 0, "MPI_COMM_WORLD");
                MemorySegment g = r.memory().segment(got, 8);
                assertEquals(11 + other, g.get(ValueLayout.JAVA_INT_UNALIGNED, 0));
                assertEquals(22 + other, g.get(ValueLayout.JAVA_INT_UNALIGNED, 4));
                // and MPI_Pack reads from the same absolute addresses
                assertEquals(8, call1(r, "MPI_Pack", "MPI_BOTTOM", 1, t, got + 8, 8, 0, "MPI_COMM_SELF"));
                assertEquals(11 + r.id(), r.memory().segment(got + 8, 8).get(ValueLayout.JAVA_INT_UNALIGNED, 0));
            });
        }
    }
}
