package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;

/**
 * The bytes a target datatype touches and the elements an accumulate visits (R19, R20, R23). Expected offsets are
 * worked out by hand from the type maps MPI-4.1 section 5.1 defines: a vector's extent is
 * ((count - 1) * stride + blocklength) * the old type's extent, and instance i of a count starts i extents on.
 */
class TargetLayoutTest {
    private static final Datatype INT = Datatype.predefined(BasicType.INT);

    private static List<Long> visit(Datatype t, long count, ElemType e, long n, long off) {
        List<Long> seen = new ArrayList<>();
        TargetLayout.elements(t, count, e, n, off, (i, o) -> {
            assertEquals(seen.size(), i, "indexes come in order");
            seen.add(o);
        });
        return seen;
    }

    @Test
    void contiguousTypesTouchCountTimesTheirExtent() {
        Datatype three = INT.contiguous(3); // 12 bytes
        assertEquals(0, TargetLayout.lo(three, 2));
        assertEquals(24, TargetLayout.hi(three, 2));
        assertEquals(0, TargetLayout.hi(three, 0));
    }

    @Test
    void aVectorTouchesFromItsFirstToTheEndOfItsLastBlock() {
        Datatype v = INT.vector(3, 1, 2); // ints at bytes 0, 8, 16; extent 20
        assertEquals(20, v.extent());
        assertEquals(0, TargetLayout.lo(v, 2));
        assertEquals(20, TargetLayout.hi(v, 1));
        assertEquals(40, TargetLayout.hi(v, 2));
        assertEquals(60, TargetLayout.hi(v, 3));
    }

    @Test
    void aNegativeDisplacementReachesBelowTheBuffer() {
        Datatype h = INT.hindexed(new int[] {1, 1}, new long[] {-8, 4}, "MPI_COMBINER_HINDEXED"); // lb -8, ub 8
        assertEquals(16, h.extent());
        assertEquals(-8, TargetLayout.lo(h, 1));
        assertEquals(-8, TargetLayout.lo(h, 3));
        assertEquals(8, TargetLayout.hi(h, 1));
        assertEquals(40, TargetLayout.hi(h, 3));
        Datatype late = INT.hindexed(new int[] {1, 1}, new long[] {12, 4}, "MPI_COMBINER_HINDEXED"); // bytes 4..16
        assertEquals(4, TargetLayout.lo(late, 2));
        assertEquals(16 + 12, TargetLayout.hi(late, 2));
    }

    /**
     * A negative extent (MPI_Type_create_resized allows one, section 5.1.7) lays later instances below earlier
     * ones: an int resized to extent -4, three times, occupies bytes -8 to 4.
     */
    @Test
    void aNegativeExtentLaysInstancesDownwards() {
        Datatype down = INT.resized(0, -4);
        assertEquals(-8, TargetLayout.lo(down, 3));
        assertEquals(4, TargetLayout.hi(down, 3));
        assertEquals(0, TargetLayout.lo(down, 1));
        assertEquals(4, TargetLayout.hi(down, 1));
    }

    @Test
    void elementsAreVisitedInTypeMapOrderUpToN() {
        ElemType e = ElemType.of(BasicType.INT);
        Datatype v = INT.vector(3, 1, 2);
        assertEquals(List.of(100L, 108L, 116L, 120L, 128L, 136L), visit(v, 2, e, 6, 100));
        assertEquals(List.of(100L, 108L, 116L, 120L), visit(v, 2, e, 4, 100));
        assertEquals(List.of(), visit(v, 2, e, 0, 100));
        Datatype blocks = INT.vector(2, 2, 3); // ints at 0, 4, 12, 16; extent 20
        assertEquals(List.of(0L, 4L, 12L, 16L, 20L, 24L, 32L), visit(blocks, 2, e, 7, 0));
        // an element type smaller than the runs' type: bytes of a 2-int block
        ElemType b = ElemType.of(BasicType.SHORT);
        assertEquals(List.of(0L, 2L, 4L, 6L, 12L), visit(blocks, 1, b, 5, 0));
        assertEquals(6, TargetLayout.elementCount(v, 2, e));
        assertEquals(16, TargetLayout.elementCount(blocks, 2, b));
    }

    @Test
    void pairTypesAreVisitedOneInstanceAtATime() {
        Datatype twoInt = Datatype.predefinedPair("MPI_2INT", BasicType.INT, BasicType.INT);
        ElemType e = ElemType.of(twoInt);
        assertEquals(List.of(4L, 12L, 20L), visit(twoInt, 3, e, 3, 4));
        assertEquals(List.of(4L, 12L), visit(twoInt, 3, e, 2, 4));
        assertEquals(3, TargetLayout.elementCount(twoInt, 3, e));
    }
}
