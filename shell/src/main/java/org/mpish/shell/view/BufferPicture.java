package org.mpish.shell.view;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.inspect.BufferSnapshot;

/**
 * A picture of an attached send buffer: one bar with a letter per entry (capitals still pending, small letters
 * received but not reclaimed yet), free space, the part skipped at the wrap point, head and tail, then one line
 * per entry and the free regions as the allocation model sees them.
 */
public final class BufferPicture {
    private BufferPicture() {}

    private static final int CELLS = 64;

    public static List<String> render(String title, BufferSnapshot v, boolean color) {
        List<String> out = new ArrayList<>();
        Ansi a = new Ansi(color);
        if (v.automatic()) {
            out.add(a.bold(title) + ": automatic buffering (MPI_BUFFER_AUTOMATIC), the library allocates each message");
            entries(out, v, a);
            if (v.entries().isEmpty()) out.add("  no buffered message is pending");
            return out;
        }
        out.add(a.bold(title) + ": " + v.size() + " bytes at 0x" + Long.toHexString(v.address())
                + " (each entry takes its packed data + MPI_BSEND_OVERHEAD = " + BufferSnapshot.OVERHEAD + " bytes)");
        long size = Math.max(1, v.size());
        char[] cells = new char[CELLS];
        String[] paint = new String[CELLS];
        java.util.Arrays.fill(cells, '.');
        long wrapEnd = wrapEnd(v);
        if (wrapEnd >= 0) for (int c = cell(wrapEnd, size); c < CELLS; c++) cells[c] = '~';
        for (int i = 0; i < v.entries().size(); i++) {
            BufferSnapshot.Entry s = v.entries().get(i);
            int from = cell(s.offset(), size);
            int to = Math.max(from + 1, (int) Math.ceil((double) (s.offset() + s.length()) * CELLS / size));
            char ch = letter(i, s.state().equals("pending"));
            for (int c = from; c < Math.min(to, CELLS); c++) {
                cells[c] = ch;
                paint[c] = s.state().equals("pending") ? "33" : "32";
            }
        }
        StringBuilder bar = new StringBuilder("  |");
        for (int c = 0; c < CELLS; c++) {
            String code = paint[c] != null ? paint[c] : cells[c] == '~' ? "31" : "2";
            bar.append(a.code(code, String.valueOf(cells[c])));
        }
        out.add(bar.append('|').toString());
        if (v.head() >= 0) {
            char[] marks = new char[CELLS + 2];
            java.util.Arrays.fill(marks, ' ');
            int h = cell(v.head(), size), t = Math.min(CELLS, cell(v.tail(), size));
            StringBuilder m = new StringBuilder("   ");
            for (int c = 0; c <= CELLS; c++) m.append(c == h && c == t ? '^' : c == h ? 'h' : c == t ? 't' : ' ');
            out.add(m.toString().stripTrailing() + "   (h = head, oldest entry; t = tail, where the next entry goes)");
        }
        entries(out, v, a);
        out.add("  free: " + free(v, wrapEnd));
        out.add(a.dim("  A-Z pending   a-z received, not reclaimed yet   . free   ~ skipped at the wrap point"));
        return out;
    }

    private static void entries(List<String> out, BufferSnapshot v, Ansi a) {
        if (v.entries().isEmpty()) return;
        out.add(String.format("  %-3s %-13s %7s %7s  %-5s %-6s %-16s %s", "", "offset", "bytes", "data", "to", "tag", "comm", "state"));
        boolean pendingSeen = false;
        for (int i = 0; i < v.entries().size(); i++) {
            BufferSnapshot.Entry s = v.entries().get(i);
            boolean pending = s.state().equals("pending");
            String state = pending ? "pending: not received yet"
                    : (pendingSeen ? s.state() + ", behind a pending entry: not reclaimed yet" : s.state() + ": reclaimed at the next buffered send");
            if (pending) pendingSeen = true;
            String range = v.automatic() ? "-" : s.offset() + "-" + (s.offset() + s.length());
            out.add(String.format("  %-3s %-13s %7d %7d  %-5d %-6d %-16s %s", letter(i, pending), range, s.length(), s.dataBytes(),
                    s.dest(), s.tag(), s.comm(), pending ? a.code("33", state) : a.code("32", state)));
        }
    }

    /** The end of the entries above the wrap point when the queue has wrapped, else -1. */
    private static long wrapEnd(BufferSnapshot v) {
        List<BufferSnapshot.Entry> e = v.entries();
        if (e.isEmpty()) return -1;
        BufferSnapshot.Entry last = e.get(e.size() - 1);
        if (last.offset() >= v.head()) return -1;
        long end = -1;
        for (BufferSnapshot.Entry s : e) {
            if (s.offset() < v.head()) break;
            end = s.offset() + s.length();
        }
        return end;
    }

    private static String free(BufferSnapshot v, long wrapEnd) {
        if (v.entries().isEmpty()) return "the whole buffer, 0-" + v.size() + " (" + v.size() + " bytes); the next entry starts at offset 0";
        List<String> parts = new ArrayList<>();
        if (wrapEnd < 0) {
            if (v.size() > v.tail()) parts.add(v.tail() + "-" + v.size() + " after the tail (" + (v.size() - v.tail()) + " bytes)");
            if (v.head() > 0) parts.add("0-" + v.head() + " before the head (" + v.head() + " bytes), used once the tail wraps");
        } else {
            if (v.head() > v.tail()) parts.add(v.tail() + "-" + v.head() + " between the tail and the head (" + (v.head() - v.tail()) + " bytes)");
            if (v.size() > wrapEnd) parts.add(wrapEnd + "-" + v.size() + " skipped at the wrap point until the head passes it");
        }
        if (parts.isEmpty()) return "none";
        return String.join("; ", parts) + ". An entry needs one contiguous piece: pieces are never combined.";
    }

    private static int cell(long offset, long size) { return (int) Math.min(CELLS, offset * CELLS / size); }

    private static char letter(int i, boolean pending) {
        char c = (char) ('A' + i % 26);
        return pending ? c : Character.toLowerCase(c);
    }
}
