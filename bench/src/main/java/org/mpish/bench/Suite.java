package org.mpish.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH benchmarks of this module and prints one "RESULT metric value unit" line per figure, the metric
 * names those of bench/reference.tsv. Each figure is the median over the measurement iterations.
 *
 * <pre>
 * Suite [--quick | --smoke] [--only REGEX] [--log FILE] [--forks N] [--prof JMH-PROFILER]
 *   (default)  1 fork, 3 x 1 s warm-up, 5 x 1 s measurement per benchmark (about 5 minutes)
 *   --quick    1 fork, 2 x 0.5 s warm-up, 3 x 0.5 s measurement
 *   --smoke    no fork, no warm-up, one short iteration: checks that every benchmark runs and checks its result
 * </pre>
 * JMH's own report goes to the log file (default bench/target/jmh.log).
 */
public final class Suite {
    private Suite() {}

    /** How a benchmark's score (ns per operation) becomes a figure. */
    private interface Figure {
        void emit(BenchmarkResult b, IterationResult it, Map<String, List<Double>> out);
    }

    /**
     * A figure computed from ns per operation; when the benchmark also reports the CPU time of its working rank
     * ({@link CpuTime}), the same figure from CPU time is added as "metric.cpu".
     */
    private static Figure perOp(String metric, String unit, java.util.function.DoubleUnaryOperator fromNs) {
        return (b, it, out) -> {
            add(out, metric + " " + unit, fromNs.applyAsDouble(it.getPrimaryResult().getScore()));
            Map<String, Result> sec = it.getSecondaryResults();
            if (sec != null && sec.containsKey("cpuNanos") && sec.get("cpuOps").getScore() > 0) {
                add(out, metric + ".cpu " + unit, fromNs.applyAsDouble(sec.get("cpuNanos").getScore() / sec.get("cpuOps").getScore()));
            }
        };
    }

    private static Figure us(String metric) { return perOp(metric, "us", ns -> ns / 1000); }
    private static Figure ns(String metric) { return perOp(metric, "ns", ns -> ns); }
    private static Figure gbps(String metric, long bytes) { return perOp(metric, "GB/s", ns -> bytes / ns); }

    private static void add(Map<String, List<Double>> out, String key, double v) {
        out.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
    }

    /** Benchmark name (Class.method) plus its parameters, as "Class.method" or "Class.method:param=value". */
    private static final Map<String, Figure> FIGURES = new TreeMap<>();
    static {
        FIGURES.put("P2pBench.sendRecv8B", us("pt2pt.send_recv.lat_8B"));
        FIGURES.put("P2pBench.selfSendRecv8B", us("pt2pt.self_send_recv_8B"));
        FIGURES.put("P2pBench.flagPingPong", us("probe.flag_pingpong.half_rtt"));
        FIGURES.put("P2pBench.sendRecv4KiB", us("pt2pt.send_recv.lat_4KiB"));
        FIGURES.put("P2pBench.bsendRecv8B", us("pt2pt.bsend_recv.lat_8B"));
        FIGURES.put("P2pBench.bw1MiB", gbps("pt2pt.bw_1MiB", 1 << 20));
        FIGURES.put("P2pBench.bw16MiB", gbps("pt2pt.bw_16MiB", 16 << 20));
        FIGURES.put("P2pBench.bsendStream", (b, it, out) -> {
            Map<String, Result> sec = it.getSecondaryResults();
            double issue = sec.get("issueNanos").getScore(), detach = sec.get("detachNanos").getScore(), cycles = sec.get("cycles").getScore();
            double msgs = cycles * P2pBench.STREAM;
            add(out, "bsend.stream_1000x64B.issue_rate Mmsg/s", msgs / issue * 1000);
            if (sec.containsKey("issueCpuNanos")) {
                add(out, "bsend.stream_1000x64B.issue_rate.cpu Mmsg/s", msgs / sec.get("issueCpuNanos").getScore() * 1000);
            }
            add(out, "bsend.stream_1000x64B.detach_time us", detach / cycles / 1000);
            add(out, "bsend.stream_1000x64B.end_to_end_rate Mmsg/s", msgs / (issue + detach) * 1000);
        });
        FIGURES.put("P2pBench.pairsSendRecv8B:ranks=4", us("pt2pt.send_recv.lat_8B.pairs_4ranks"));
        FIGURES.put("P2pBench.pairsSendRecv8B:ranks=16", us("pt2pt.send_recv.lat_8B.pairs_16ranks"));
        FIGURES.put("RmaBench.put8B", us("rma.put_8B_flush.lat"));
        FIGURES.put("RmaBench.put8BObjects", us("rma.put_8B_flush.object_path"));
        FIGURES.put("RmaBench.put8BEngineReference", us("rma.put_8B_flush.engine_reference"));
        FIGURES.put("RmaBench.get8B", us("rma.get_8B_flush.lat"));
        FIGURES.put("RmaBench.fetchAndOp", us("rma.fetch_and_op_sum_long.lat"));
        FIGURES.put("RmaBench.compareAndSwap", us("rma.compare_and_swap_long.lat"));
        FIGURES.put("RmaBench.putBw1MiB", gbps("rma.put_bw_1MiB", 1 << 20));
        FIGURES.put("RmaBench.fetchAndOpContended:ranks=4", us("rma.fetch_and_op_sum_long.contended_4ranks"));
        FIGURES.put("RmaBench.fetchAndOpContended:ranks=16", us("rma.fetch_and_op_sum_long.contended_16ranks"));
        FIGURES.put("LapiBench.put8B", us("lapi.put_8B_waitcntr.lat"));
        FIGURES.put("LapiBench.get8B", us("lapi.get_8B_waitcntr.lat"));
        FIGURES.put("LapiBench.rmwFetchAdd", us("lapi.rmw_fetch_add.lat"));
        FIGURES.put("LapiBench.amRoundTrip", us("lapi.am_roundtrip.lat"));
        FIGURES.put("LapiBench.rmwContended:tasks=4", us("lapi.rmw_fetch_add.contended_4tasks"));
        FIGURES.put("LapiBench.rmwContended:tasks=16", us("lapi.rmw_fetch_add.contended_16tasks"));
        FIGURES.put("AttrBench.setAttrReplace:attrs=1", ns("attr.comm_set_attr_replace"));
        FIGURES.put("AttrBench.setAttrReplace:attrs=1000", ns("attr.comm_set_attr_replace_1000attrs"));
        FIGURES.put("AttrBench.getAttr:attrs=1", ns("attr.comm_get_attr_1attr"));
        FIGURES.put("AttrBench.getAttr:attrs=1000", ns("attr.comm_get_attr_1000attrs"));
        for (int n : new int[] {0, 1, 100, 1000}) FIGURES.put("CommDupBench.dupFree:attrs=" + n, us("attr.comm_dup_free_" + n + "attrs"));
        for (int n : new int[] {2, 4}) { // coll.c's rows, at 2 and 4 ranks
            FIGURES.put("CollBench.barrier:ranks=" + n, us("coll.barrier.lat.np" + n));
            FIGURES.put("CollBench.bcast8B:ranks=" + n, us("coll.bcast_8B.lat.np" + n));
            FIGURES.put("CollBench.allreduce8B:ranks=" + n, us("coll.allreduce_8B.lat.np" + n));
            FIGURES.put("CollBench.alltoall8B:ranks=" + n, us("coll.alltoall_8B.lat.np" + n));
            FIGURES.put("CollBench.allreduce1MiB:ranks=" + n, us("coll.allreduce_1MiB.lat.np" + n));
        }
    }

    public static void main(String[] args) throws Exception {
        String mode = "full", only = null;
        Path log = Path.of("bench/target/jmh.log");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> mode = "quick";
                case "--smoke" -> mode = "smoke";
                case "--only" -> only = args[++i];
                case "--log" -> log = Path.of(args[++i]);
                case "--forks" -> System.setProperty("mpish.bench.forks", args[++i]);
                case "--prof" -> System.setProperty("mpish.bench.prof", args[++i]);
                default -> {
                    System.err.println("usage: Suite [--quick | --smoke] [--only REGEX] [--log FILE]");
                    System.exit(2);
                }
            }
        }
        for (String line : run(mode, only, log)) System.out.println(line);
    }

    /** Runs the benchmarks and returns the RESULT lines. */
    public static List<String> run(String mode, String only, Path log) throws Exception {
        if (log.getParent() != null) Files.createDirectories(log.getParent());
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(only != null ? only : "org\\.mpish\\.bench\\..*Bench\\..*")
                .output(log.toString())
                .shouldFailOnError(true);
        switch (mode) {
            case "smoke" -> o.forks(0).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(1));
            case "quick" -> o.forks(1).warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(500));
            default -> o.forks(1).warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        }
        if (!mode.equals("smoke") && System.getProperty("mpish.bench.noxss") == null) o.jvmArgsAppend("-Xss4m");
        String forks = System.getProperty("mpish.bench.forks");
        if (forks != null) o.forks(Integer.parseInt(forks));
        String prof = System.getProperty("mpish.bench.prof");
        if (prof != null) o.addProfiler(prof);
        Collection<RunResult> results = new Runner(o.build()).run();
        return lines(results);
    }

    static List<String> lines(Collection<RunResult> results) {
        Map<String, List<Double>> out = new TreeMap<>();
        for (RunResult rr : results) {
            var params = rr.getParams();
            String label = params.getBenchmark().replaceFirst("^org\\.mpish\\.bench\\.", "");
            StringBuilder key = new StringBuilder(label);
            for (String p : params.getParamsKeys()) key.append(':').append(p).append('=').append(params.getParam(p));
            Figure f = FIGURES.get(key.toString());
            if (f == null) f = FIGURES.get(label);
            // a benchmark whose figure is not reported would pass unseen: that is a bug of this table, not a warning
            if (f == null) throw new IllegalStateException("Suite: benchmark " + key + " has no figure (add it to Suite.FIGURES)");
            for (BenchmarkResult b : rr.getBenchmarkResults()) {
                for (IterationResult it : b.getIterationResults()) f.emit(b, it, out);
            }
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : out.entrySet()) {
            String[] mu = e.getKey().split(" ");
            lines.add(String.format(Locale.ROOT, "RESULT %s %.4g %s", mu[0], median(e.getValue()), mu[1]));
        }
        return lines;
    }

    /** Every metric the suite reports (from a full list of benchmarks). */
    static java.util.Set<String> metrics() {
        java.util.Set<String> m = new java.util.TreeSet<>();
        for (Map.Entry<String, Figure> e : FIGURES.entrySet()) {
            if (e.getKey().equals("P2pBench.bsendStream")) {
                m.add("bsend.stream_1000x64B.issue_rate");
                m.add("bsend.stream_1000x64B.detach_time");
                m.add("bsend.stream_1000x64B.end_to_end_rate");
                continue;
            }
            Map<String, List<Double>> out = new TreeMap<>();
            e.getValue().emit(null, FAKE, out);
            for (String k : out.keySet()) m.add(k.split(" ")[0]);
        }
        return m;
    }

    private static final IterationResult FAKE = fake();

    private static IterationResult fake() {
        IterationResult it = new IterationResult(null, null, null);
        it.addResult(new org.openjdk.jmh.results.AverageTimeResult(org.openjdk.jmh.results.ResultRole.PRIMARY, "x", 1, 1, java.util.concurrent.TimeUnit.NANOSECONDS));
        return it;
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    static void print(List<String> lines, PrintStream out) { for (String l : lines) out.println(l); }
}
