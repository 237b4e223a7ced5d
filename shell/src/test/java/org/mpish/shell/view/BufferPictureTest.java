package org.mpish.shell.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpish.runtime.inspect.BufferSnapshot;

class BufferPictureTest {
    private static BufferSnapshot.Entry slot(long off, long len, String state) {
        return new BufferSnapshot.Entry(off, len, len - BufferSnapshot.OVERHEAD, 1, (int) off, "MPI_COMM_WORLD", state);
    }

    @Test
    void aWrappedQueueShowsEntriesTheGapAndTheSkippedEnd() {
        BufferSnapshot v = new BufferSnapshot("p", 0x10000, 1000, false,
                List.of(slot(400, 400, "pending"), slot(0, 300, "received")), 400, 300);
        List<String> out = BufferPicture.render("the process buffer", v, false);
        assertEquals("  |" + "b".repeat(20) + ".".repeat(5) + "A".repeat(27) + "~".repeat(12) + "|", out.get(1));
        assertTrue(out.get(2).startsWith("   " + " ".repeat(19) + "t     h"), out.get(2));
        String all = String.join("\n", out);
        assertTrue(all.contains("300-400 between the tail and the head (100 bytes); 800-1000 skipped at the wrap point"), all);
        assertTrue(all.contains("received, behind a pending entry: not reclaimed yet"), all);
        assertFalse(all.contains("\u001b["), "no colour unless asked");
        assertTrue(String.join("", BufferPicture.render("x", v, true)).contains("\u001b[33m"), "pending entries in colour");
    }

    @Test
    void anEmptyBufferIsAllFree() {
        BufferSnapshot v = new BufferSnapshot("p", 0x10000, 600, false, List.of(), -1, -1);
        List<String> out = BufferPicture.render("the process buffer", v, false);
        assertEquals("  |" + ".".repeat(64) + "|", out.get(1));
        assertTrue(out.get(out.size() - 2).contains("the whole buffer, 0-600 (600 bytes); the next entry starts at offset 0"), out.toString());
    }
}
