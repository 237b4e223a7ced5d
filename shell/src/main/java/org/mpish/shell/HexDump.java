package org.mpish.shell;

import java.util.ArrayList;
import java.util.List;

/** Classic 16-bytes-a-line hex dump with an ASCII column. */
public final class HexDump {
    private HexDump() {}

    public static List<String> lines(long address, byte[] data) {
        List<String> out = new ArrayList<>();
        for (int off = 0; off < data.length; off += 16) {
            StringBuilder hex = new StringBuilder();
            StringBuilder ascii = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                if (i == 8) hex.append(' ');
                if (off + i < data.length) {
                    int b = data[off + i] & 0xff;
                    hex.append(String.format("%02x ", b));
                    ascii.append(b >= 32 && b < 127 ? (char) b : '.');
                } else hex.append("   ");
            }
            out.add(String.format("  %012x  %s |%s|", address + off, hex, ascii));
        }
        return out;
    }
}
