package org.mpish.runtime.ffm;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the probe found about one implementation: its library, the size of a handle and of MPI_Status, where the
 * status's public fields are, and every constant: an integer, or a place in the library (symbol + offset).
 */
public final class Abi {
    /** One constant: {@code symbol} null for a plain value; else the value is the symbol's address + {@code value}. */
    public record Const(String name, char kind, String symbol, long value) {}

    public final String impl;
    public final String version;
    public final String library;
    public final int handleSize, aintSize, countSize, statusSize, sourceOffset, tagOffset, errorOffset;
    private final Map<String, Const> constants;

    private Abi(String impl, String version, String library, Map<String, Integer> sizes, Map<String, Const> constants) {
        this.impl = impl;
        this.version = version;
        this.library = library;
        this.handleSize = sizes.get("size MPI_Comm");
        this.aintSize = sizes.get("size MPI_Aint");
        this.countSize = sizes.get("size MPI_Count");
        this.statusSize = sizes.get("size MPI_Status");
        this.sourceOffset = sizes.get("offset MPI_SOURCE");
        this.tagOffset = sizes.get("offset MPI_TAG");
        this.errorOffset = sizes.get("offset MPI_ERROR");
        this.constants = constants;
    }

    public Const constant(String name) { return constants.get(name); }
    public Map<String, Const> constants() { return constants; }

    /** Reads the probe's output; IOException names the first line that is not what the probe writes. */
    static Abi parse(String impl, String text) throws IOException {
        String version = null, library = null;
        Map<String, Integer> sizes = new LinkedHashMap<>();
        Map<String, Const> consts = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) continue;
            String[] w = line.split(" ");
            try {
                switch (w[0]) {
                    case "version" -> version = line.substring(8);
                    case "library" -> library = line.substring(8);
                    case "size", "offset" -> sizes.put(w[0] + " " + w[1], Integer.parseInt(w[2]));
                    case "const" -> consts.put(w[1], w[2].equals("sym")
                            ? new Const(w[1], 'p', w[3], Long.parseLong(w[4]))
                            : new Const(w[1], w[2].charAt(0), null, Long.parseLong(w[3])));
                    default -> throw new IOException("unexpected line from the " + impl + " ABI probe: " + line);
                }
            } catch (RuntimeException e) {
                throw new IOException("unreadable line from the " + impl + " ABI probe: " + line);
            }
        }
        for (String k : new String[] {"size MPI_Comm", "size MPI_Aint", "size MPI_Count", "size MPI_Status",
                "offset MPI_SOURCE", "offset MPI_TAG", "offset MPI_ERROR"}) {
            if (!sizes.containsKey(k)) throw new IOException("the " + impl + " ABI probe did not report " + k);
        }
        if (library == null) throw new IOException("the " + impl + " ABI probe did not find its library");
        return new Abi(impl, version, library, sizes, consts);
    }
}
