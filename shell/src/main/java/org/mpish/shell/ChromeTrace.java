package org.mpish.shell;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpish.runtime.Event;

/**
 * Writes events in the Chrome trace-event format (JSON), which Perfetto and chrome://tracing open as a timeline
 * with one row per rank. Calls appear as spans (from the "call" begin/end events), everything else as instants.
 */
final class ChromeTrace {
    private ChromeTrace() {}

    static void write(Path file, List<Event> events) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
            TreeSet<Integer> ranks = new TreeSet<>();
            boolean first = true;
            for (Event e : events) {
                ranks.add(e.rank());
                String ph = e.family().equals("call") ? (e.kind().equals("begin") ? "B" : "E") : "i";
                String name = e.family().equals("call") ? e.text() : e.family() + " " + e.kind();
                StringBuilder sb = new StringBuilder();
                sb.append(first ? "" : ",\n").append("{\"name\":").append(json(name)).append(",\"cat\":").append(json(e.family()))
                        .append(",\"ph\":\"").append(ph).append("\",\"ts\":").append(String.format("%.3f", e.nanos() / 1000.0))
                        .append(",\"pid\":1,\"tid\":").append(e.rank());
                if (ph.equals("i")) sb.append(",\"s\":\"t\"");
                sb.append(",\"args\":{\"text\":").append(json(e.text()));
                for (Map.Entry<String, Object> f : e.fields().entrySet()) sb.append(',').append(json(f.getKey())).append(':').append(json(String.valueOf(f.getValue())));
                sb.append("}}");
                w.write(sb.toString());
                first = false;
            }
            for (int r : ranks) {
                w.write((first ? "" : ",\n") + "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" + r + ",\"args\":{\"name\":\"rank " + r + "\"}}");
                first = false;
            }
            w.write("\n]}\n");
        }
    }

    static String json(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}
