package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MemoryTest {
    @Test
    void allocatedMemoryIsZeroedReadableAndWritable() {
        Memory m = new Memory(0, 1 << 20);
        long a = m.alloc(32);
        assertArrayEquals(new byte[32], m.read(a, 32));
        m.writeLong(a + 8, 0x1122334455667788L);
        assertEquals(0x1122334455667788L, m.readLong(a + 8));
        assertEquals(32, m.bytesInUse());
    }

    @Test
    void accessesOutsideABlockAreFaultsNotCrashes() {
        Memory m = new Memory(3, 1 << 20);
        long a = m.alloc(16);
        MemoryFault f = assertThrows(MemoryFault.class, () -> m.read(a + 8, 16));
        assertTrue(f.getMessage().contains("runs past the end of the 16-byte block"), f.getMessage());
        assertThrows(MemoryFault.class, () -> m.read(0, 4));
        assertThrows(MemoryFault.class, () -> m.read(12345, 4));
        m.free(a);
        assertThrows(MemoryFault.class, () -> m.read(a, 1));
        assertThrows(MemoryFault.class, () -> m.free(a));
    }

    @Test
    void addressesAreNeverReusedAndTheLimitHolds() {
        Memory m = new Memory(0, 100);
        long a = m.alloc(40);
        m.free(a);
        long b = m.alloc(40);
        assertTrue(b > a);
        assertThrows(MemoryFault.class, () -> m.alloc(80));
        assertEquals(40, m.bytesInUse());
    }

    @Test
    void aSizeNearTheLargestLongIsRefusedNotWrappedAround() {
        // found by ScriptFuzzTest: MPI_Alloc_mem(2^63 - 1) after a small block overflowed the sum of sizes in use,
        // which then passed the limit check and reached the system allocator (OutOfMemoryError)
        Memory m = new Memory(0, 1 << 20);
        m.alloc(8);
        MemoryFault f = assertThrows(MemoryFault.class, () -> m.alloc(Long.MAX_VALUE));
        assertTrue(f.getMessage().contains("limit"), f.getMessage());
        assertEquals(8, m.bytesInUse());
        assertThrows(MemoryFault.class, () -> m.alloc(Long.MAX_VALUE - 4));
        assertEquals(8, m.bytesInUse());
    }

    @Test
    void copyWorksBetweenTwoRanksMemories() {
        Memory x = new Memory(0, 1 << 20), y = new Memory(1, 1 << 20);
        long a = x.alloc(8), b = y.alloc(8);
        x.writeLong(a, 42);
        Memory.copy(x, a, y, b, 8);
        assertEquals(42, y.readLong(b));
    }

    @Test
    void theRecentBlockCacheRefusesEveryRangeOutsideTheBlock() {
        Memory m = new Memory(0, 1 << 20);
        long a = m.alloc(64);
        m.readLong(a); // the block is now in the cache: the checks below go through its fast test
        assertEquals(0, m.readLong(a + 56));
        assertThrows(MemoryFault.class, () -> m.readLong(a + 57));
        assertThrows(MemoryFault.class, () -> m.readLong(a - 1));
        assertThrows(MemoryFault.class, () -> m.block(a, 65));
        assertThrows(MemoryFault.class, () -> m.block(a, -1));
        assertThrows(MemoryFault.class, () -> m.block(a, Long.MIN_VALUE));
        assertThrows(MemoryFault.class, () -> m.block(a + 8, Long.MAX_VALUE));
        assertTrue(m.valid(a + 8, 56) && !m.valid(a + 8, 57) && !m.valid(a + 8, Long.MAX_VALUE) && !m.valid(a + 8, -1));
        // addresses far away that map to the same cache slot
        assertThrows(MemoryFault.class, () -> m.readLong(a + (1L << 62)));
        assertThrows(MemoryFault.class, () -> m.readLong(a - (1L << 62)));
        assertThrows(MemoryFault.class, () -> m.readLong(Long.MIN_VALUE + (a & 0x7ff)));
        assertThrows(MemoryFault.class, () -> m.readLong(Long.MAX_VALUE - 7));
    }
}
