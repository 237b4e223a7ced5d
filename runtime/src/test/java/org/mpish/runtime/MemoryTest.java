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
    void copyWorksBetweenTwoRanksMemories() {
        Memory x = new Memory(0, 1 << 20), y = new Memory(1, 1 << 20);
        long a = x.alloc(8), b = y.alloc(8);
        x.writeLong(a, 42);
        Memory.copy(x, a, y, b, 8);
        assertEquals(42, y.readLong(b));
    }
}
