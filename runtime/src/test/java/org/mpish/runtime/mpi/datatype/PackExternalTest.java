package org.mpish.runtime.mpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpish.runtime.mpi.MpiTests.call;
import static org.mpish.runtime.mpi.MpiTests.call1;
import static org.mpish.runtime.mpi.MpiTests.expectError;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.Status;

/**
 * MPI_Pack / MPI_Unpack and the "external32" representation (MPI-4.1 sections 5.2 and 14.5.2: big-endian, IEEE,
 * the standard's size table, where MPI_LONG takes 4 bytes and MPI_WCHAR 2). The bytes expected were printed by a C
 * program calling MPI_Pack_external on the same values, compiled with mpicc.mpich and mpicc.openmpi and run here
 * (2026-11-26): MPICH 4.0.2 and Open MPI 4.1.4 gave the same bytes. For the sizes, MPICH's MPI_Pack_external_size
 * agrees with the table (MPI_LONG 4, MPI_WCHAR 2); Open MPI's says 8 and 4 while packing MPI_LONG in 4 bytes.
 */
@Timeout(60)
class PackExternalTest {
    private static byte[] bytes(Rank r, long addr, int n) { return r.memory().segment(addr, n).toArray(ValueLayout.JAVA_BYTE); }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(sb.isEmpty() ? "" : " ").append(HexFormat.of().toHexDigits(x));
        return sb.toString();
    }

    @Test
    void external32IsBigEndianWithTheStandardSizes() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                long in = r.memory().alloc(64), out = r.memory().alloc(64);
                MemorySegment s = r.memory().segment(in, 64);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 0, 1);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 4, -2);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 8, 0x01020304);
                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 16, 2.5);
                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 24, -1.0);
                s.set(ValueLayout.JAVA_SHORT_UNALIGNED, 32, (short) -3);
                long pos = (Long) call1(r, "MPI_Pack_external", "external32", in, 3, "MPI_INT", out, 64L, 0L);
                pos = (Long) call1(r, "MPI_Pack_external", "external32", in + 16, 2, "MPI_DOUBLE", out, 64L, pos);
                pos = (Long) call1(r, "MPI_Pack_external", "external32", in + 32, 1, "MPI_SHORT", out, 64L, pos);
                assertEquals("00 00 00 01 ff ff ff fe 01 02 03 04 40 04 00 00 00 00 00 00 bf f0 00 00 00 00 00 00 ff fd",
                        hex(bytes(r, out, (int) pos)));
                // float 1.5 and longs -3, 70000: a long is 4 bytes in external32
                s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, 40, 1.5f);
                s.set(ValueLayout.JAVA_LONG_UNALIGNED, 48, -3L);
                s.set(ValueLayout.JAVA_LONG_UNALIGNED, 56, 70000L);
                pos = (Long) call1(r, "MPI_Pack_external", "external32", in + 40, 1, "MPI_FLOAT", out, 64L, 0L);
                pos = (Long) call1(r, "MPI_Pack_external", "external32", in + 48, 2, "MPI_LONG", out, 64L, pos);
                assertEquals("3f c0 00 00 ff ff ff fd 00 01 11 70", hex(bytes(r, out, (int) pos)));
                // and back: the sign of -3 restored in 8 bytes
                long back = r.memory().alloc(16);
                assertEquals(12L, call1(r, "MPI_Unpack_external", "external32", out, pos, 4L, back, 2, "MPI_LONG"));
                assertEquals(-3L, r.memory().segment(back, 16).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
                assertEquals(70000L, r.memory().segment(back, 16).get(ValueLayout.JAVA_LONG_UNALIGNED, 8));
                // the sizes of MPI-4.1 table 14.2 (and MPICH's MPI_Pack_external_size)
                String[] names = {"MPI_CHAR", "MPI_SHORT", "MPI_INT", "MPI_LONG", "MPI_LONG_LONG", "MPI_FLOAT", "MPI_DOUBLE",
                    "MPI_UNSIGNED_LONG", "MPI_C_BOOL", "MPI_WCHAR", "MPI_AINT", "MPI_INT8_T", "MPI_UINT16_T", "MPI_2INT", "MPI_DOUBLE_INT"};
                long[] sizes = {1, 2, 4, 4, 8, 4, 8, 4, 1, 2, 8, 1, 2, 8, 12};
                for (int i = 0; i < names.length; i++) {
                    assertEquals(sizes[i], call1(r, "MPI_Pack_external_size", "external32", 1, names[i]), names[i]);
                }
            });
        }
    }

    /** A struct of mixed members: Open MPI's MPI_Pack_external gave these 19 bytes (MPICH 4.0.2 crashed on it). */
    @Test
    void aStructPacksMemberByMemberAndUnpacksBack() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                // struct { int i; double d; long l; short s; char c; } = {-2, 2.5, -3, 0x1234, 'A'}: offsets 0 8 16 24 26
                Handle t = (Handle) call1(r, "MPI_Type_create_struct", 5, List.of(1, 1, 1, 1, 1), List.of(0L, 8L, 16L, 24L, 26L),
                        List.of("MPI_INT", "MPI_DOUBLE", "MPI_LONG", "MPI_SHORT", "MPI_CHAR"));
                call(r, "MPI_Type_commit", t);
                long v = r.memory().alloc(32), out = r.memory().alloc(32), w = r.memory().alloc(32);
                MemorySegment s = r.memory().segment(v, 32);
                s.set(ValueLayout.JAVA_INT_UNALIGNED, 0, -2);
                s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, 8, 2.5);
                s.set(ValueLayout.JAVA_LONG_UNALIGNED, 16, -3L);
                s.set(ValueLayout.JAVA_SHORT_UNALIGNED, 24, (short) 0x1234);
                s.set(ValueLayout.JAVA_BYTE, 26, (byte) 'A');
                assertEquals(19L, call1(r, "MPI_Pack_external_size", "external32", 1, t));
                long pos = (Long) call1(r, "MPI_Pack_external", "external32", v, 1, t, out, 32L, 0L);
                assertEquals("ff ff ff fe 40 04 00 00 00 00 00 00 ff ff ff fd 12 34 41", hex(bytes(r, out, (int) pos)));
                assertEquals(19L, call1(r, "MPI_Unpack_external", "external32", out, 19L, 0L, w, 1, t));
                MemorySegment b = r.memory().segment(w, 32);
                assertEquals(-2, b.get(ValueLayout.JAVA_INT_UNALIGNED, 0));
                assertEquals(2.5, b.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, 8));
                assertEquals(-3L, b.get(ValueLayout.JAVA_LONG_UNALIGNED, 16));
                assertEquals((short) 0x1234, b.get(ValueLayout.JAVA_SHORT_UNALIGNED, 24));
                assertEquals((byte) 'A', b.get(ValueLayout.JAVA_BYTE, 26));
                // too small a buffer, another representation, an uncommitted type
                expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Pack_external", "external32", v, 1, t, out, 18L, 0L));
                expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Unpack_external", "external32", out, 19L, 4L, w, 1, t));
                expectError(ErrorClass.MPI_ERR_UNSUPPORTED_DATAREP, () -> call(r, "MPI_Pack_external", "native", v, 1, t, out, 32L, 0L));
                Handle raw = (Handle) call1(r, "MPI_Type_contiguous", 2, "MPI_INT");
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Pack_external", "external32", v, 1, raw, out, 32L, 0L));
            });
        }
    }

    @Test
    void packAndUnpackMoveDataThroughAPackedBuffer() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                // MPI_Pack_size(3, MPI_DOUBLE) = 24 with MPICH and Open MPI
                assertEquals(24, call1(r, "MPI_Pack_size", 3, "MPI_DOUBLE", "MPI_COMM_WORLD"));
                long a = r.memory().alloc(64), packed = r.memory().alloc(64), b = r.memory().alloc(64);
                MemorySegment s = r.memory().segment(a, 64);
                for (int i = 0; i < 16; i++) s.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, 10 + i);
                Handle col = (Handle) call1(r, "MPI_Type_vector", 3, 1, 4, "MPI_INT");
                call(r, "MPI_Type_commit", col);
                int pos = (Integer) call1(r, "MPI_Pack", a, 1, col, packed, 64, 0, "MPI_COMM_WORLD");
                pos = (Integer) call1(r, "MPI_Pack", a + 4, 2, "MPI_INT", packed, 64, pos, "MPI_COMM_WORLD");
                assertEquals(20, pos);
                MemorySegment p = r.memory().segment(packed, 20);
                int[] got = new int[5];
                for (int i = 0; i < 5; i++) got[i] = p.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i);
                assertArrayEquals(new int[] {10, 14, 18, 11, 12}, got);
                assertEquals(12, call1(r, "MPI_Unpack", packed, 20, 0, b, 1, col, "MPI_COMM_WORLD"));
                MemorySegment q = r.memory().segment(b, 64);
                assertEquals(14, q.get(ValueLayout.JAVA_INT_UNALIGNED, 16));
                assertEquals(18, q.get(ValueLayout.JAVA_INT_UNALIGNED, 32));
                expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Pack", a, 1, col, packed, 8, 0, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_TRUNCATE, () -> call(r, "MPI_Unpack", packed, 20, 12, b, 1, col, "MPI_COMM_WORLD"));
                expectError(ErrorClass.MPI_ERR_COMM, () -> call(r, "MPI_Pack", a, 1, col, packed, 64, 0, "MPI_COMM_NULL"));
            });
        }
    }

    /** MPICH: 2 ints received into a struct {2 int, double}: MPI_Get_elements 2, MPI_Get_count MPI_UNDEFINED (MPI-4.1 5.1.12). */
    @Test
    void getElementsCountsThePartialInstanceElementByElement() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                Handle t = (Handle) call1(r, "MPI_Type_create_struct", 2, List.of(2, 1), List.of(0L, 8L), List.of("MPI_INT", "MPI_DOUBLE"));
                call(r, "MPI_Type_commit", t);
                long buf = r.memory().alloc(64), two = r.memory().alloc(8);
                Handle req = (Handle) call1(r, "MPI_Irecv", buf, 2, t, 0, 0, "MPI_COMM_SELF");
                call(r, "MPI_Send", two, 2, "MPI_INT", 0, 0, "MPI_COMM_SELF");
                Status st = (Status) call(r, "MPI_Wait", req)[1];
                assertEquals(2, call1(r, "MPI_Get_elements", st, t));
                assertEquals(2L, ((Number) call1(r, "MPI_Get_elements_x", st, t)).longValue());
                assertEquals(2L, ((Number) call1(r, "MPI_Get_elements_c", st, t)).longValue());
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Get_count", st, t));
            });
        }
    }

    /**
     * Large counts (MPI-4.1 section 2.5.8 and 5.1): MPICH's MPI_Type_contiguous_c(3000000000, MPI_BYTE) has
     * MPI_Type_size_c 3000000000, MPI_Type_size MPI_UNDEFINED, extent 3000000000, and envelope (0, 0, 1, 1,
     * CONTIGUOUS) from MPI_Type_get_envelope_c; MPI_Type_vector_c(2, 3, 5) has large counts 2, 3, 5.
     */
    @Test
    void largeCountFormsCarryCountsBeyondAnInt() {
        try (TestJob j = new TestJob(2)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                Handle big = (Handle) call1(r, "MPI_Type_contiguous_c", 3_000_000_000L, "MPI_BYTE");
                assertEquals(3_000_000_000L, ((Number) call1(r, "MPI_Type_size_c", big)).longValue());
                assertEquals(3_000_000_000L, ((Number) call1(r, "MPI_Type_size_x", big)).longValue());
                assertEquals(MpiConst.UNDEFINED, call1(r, "MPI_Type_size", big));
                assertArrayEquals(new Object[] {0L, 3_000_000_000L}, call(r, "MPI_Type_get_extent_c", big));
                assertArrayEquals(new Object[] {0L, 0L, 1L, 1L, 3}, call(r, "MPI_Type_get_envelope_c", big));
                Handle v = (Handle) call1(r, "MPI_Type_vector_c", 2L, 3L, 5L, "MPI_INT");
                Object[] c = call(r, "MPI_Type_get_contents_c", v, 0L, 0L, 3L, 1L);
                assertArrayEquals(new long[] {2, 3, 5}, (long[]) c[2]);
                expectError(ErrorClass.MPI_ERR_TYPE, () -> call(r, "MPI_Type_get_envelope", v));
                // an int form given a count beyond an int: MPI_ERR_COUNT naming the value
                var e = expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Type_contiguous", 3_000_000_000L, "MPI_BYTE"));
                assertTrue(e.getMessage().contains("3000000000"), e.getMessage());
                e = expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Send", 0L, 3_000_000_000L, "MPI_BYTE", 1, 0, "MPI_COMM_WORLD"));
                assertTrue(e.getMessage().contains("count = 3000000000") && e.getMessage().contains("MPI_Send_c"), e.getMessage());
                expectError(ErrorClass.MPI_ERR_COUNT, () -> call(r, "MPI_Type_indexed", 1, List.of(3_000_000_000L), List.of(0), "MPI_INT"));
                // MPI_Pack_size of more than an int: the int form cannot say it, the _c form can
                expectError(ErrorClass.MPI_ERR_VALUE_TOO_LARGE, () -> call(r, "MPI_Pack_size", 1, big, "MPI_COMM_WORLD"));
                assertEquals(3_000_000_000L, ((Number) call1(r, "MPI_Pack_size_c", 1L, big, "MPI_COMM_WORLD")).longValue());
                // the _c forms move data like the int ones
                long buf = r.memory().alloc(16);
                if (r.id() == 0) {
                    r.memory().segment(buf, 16).set(ValueLayout.JAVA_LONG_UNALIGNED, 8, 77L);
                    call(r, "MPI_Send_c", buf, 2L, "MPI_LONG", 1, 5, "MPI_COMM_WORLD");
                } else {
                    Status st = (Status) call1(r, "MPI_Recv_c", buf, 2L, "MPI_LONG", 0, 5, "MPI_COMM_WORLD");
                    assertEquals(77L, r.memory().segment(buf, 16).get(ValueLayout.JAVA_LONG_UNALIGNED, 8));
                    assertEquals(2L, ((Number) call1(r, "MPI_Get_count_c", st, "MPI_LONG")).longValue());
                }
                long sum = r.memory().alloc(8), one = r.memory().alloc(8);
                r.memory().segment(one, 8).set(ValueLayout.JAVA_LONG_UNALIGNED, 0, r.id() + 1L);
                call(r, "MPI_Allreduce_c", one, sum, 1L, "MPI_LONG", "MPI_SUM", "MPI_COMM_WORLD");
                assertEquals(3L, r.memory().segment(sum, 8).get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            });
        }
    }
    /**
     * A vector of one basic type packs run by run (the path that moves gigabytes): 3 blocks of 2 shorts, 3 shorts
     * apart, hold 0x0102, 0x0304 | gap | 0x0506, ... ; external32 is each short big-endian, the gaps left out
     * (section 14.5.2), and unpacking puts them back without touching the gaps.
     */
    @Test
    void aVectorOfOneBasicTypePacksRunByRunAndBack() {
        try (TestJob j = new TestJob(1)) {
            j.spmd(r -> {
                TestJob.returnErrors(r);
                Object v = call1(r, "MPI_Type_vector", 3, 2, 3, "MPI_SHORT");
                call(r, "MPI_Type_commit", v);
                long in = r.memory().alloc(16), out = r.memory().alloc(12);
                MemorySegment s = r.memory().segment(in, 16);
                short[] vals = {0x0102, 0x0304, -1, 0x0506, 0x0708, -1, 0x090a, 0x0b0c};
                for (int i = 0; i < vals.length; i++) s.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, vals[i]);
                assertEquals(12L, call1(r, "MPI_Pack_external", "external32", in, 1, v, out, 12L, 0L));
                assertEquals("01 02 03 04 05 06 07 08 09 0a 0b 0c", hex(bytes(r, out, 12)));
                s.fill((byte) 0x77);
                assertEquals(12L, call1(r, "MPI_Unpack_external", "external32", out, 12L, 0L, in, 1, v));
                for (int i = 0; i < vals.length; i++) {
                    assertEquals(vals[i] == -1 ? (short) 0x7777 : vals[i], s.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i), "short " + i);
                }
            });
        }
    }
}
