package org.mpish.shell.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpish.runtime.explore.Decision;
import org.mpish.runtime.explore.Plan;
import org.mpish.runtime.explore.Scheduler;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.shell.script.WarmJobs;

/**
 * Runs a script under every schedule its choices allow, depth first: each run follows a plan (the decisions of an
 * earlier run up to one choice, and another value there), and its own later choices add plans for their other
 * values. Besides the values a choice could take when it was decided, a wildcard receive is also tried with each
 * sender whose matching message was sent later in the run but not in the receive's causal future (happens-before,
 * by vector clocks): in another timing it could have come first. Senders whose message was sent only after the
 * receive, causally, are never tried (they are counted as pruned), nor is a plan already run.
 */
public final class ScheduleExplorer {
    /** A wildcard receive's tag that accepts any tag. */
    private static final int ANY_TAG = ((Number) Catalogue.get().constant("MPI_ANY_TAG").value().apply(null)).intValue();
    /** A problem, once per distinct cause, with the shortest schedule that shows it. */
    public record Problem(String what, String detail, int schedule, List<Decision> decisions, ScheduledRun.Outcome outcome) {
        int branching() { return (int) decisions.stream().filter(Decision::branching).count(); }
    }

    /** The result of an exploration. */
    public record Result(int runs, int prunedByOrder, int impossible, int duplicates, boolean complete, List<Problem> problems) {}

    private final ScheduledRun.Setup setup;
    private final int maxSchedules;
    private final boolean sameOutput;

    /** Jobs made ahead, shared by several explorations of one setup (else each exploration makes its own). */
    private final WarmJobs warm;

    public ScheduleExplorer(ScheduledRun.Setup setup, int maxSchedules, boolean sameOutput) {
        this(setup, maxSchedules, sameOutput, null);
    }

    /** With {@code warm} from {@link ScheduledRun#warm} for this setup; the caller closes it. */
    public ScheduleExplorer(ScheduledRun.Setup setup, int maxSchedules, boolean sameOutput, WarmJobs warm) {
        this.setup = setup;
        this.maxSchedules = maxSchedules;
        this.sameOutput = sameOutput;
        this.warm = warm;
    }

    public Result explore() {
        if (warm != null) return explore(warm);
        try (WarmJobs w = ScheduledRun.warm(setup)) {
            return explore(w);
        }
    }

    private Result explore(WarmJobs warm) {
        Deque<Plan> todo = new ArrayDeque<>();
        todo.push(Plan.empty());
        Set<String> seen = new HashSet<>();
        Set<String> planned = new HashSet<>();
        Map<String, Problem> problems = new LinkedHashMap<>();
        int runs = 0, pruned = 0, impossible = 0, duplicates = 0;
        String firstOut = null;
        while (!todo.isEmpty() && runs < maxSchedules) {
            Plan plan = todo.pop();
            ScheduledRun.Outcome o = ScheduledRun.run(setup, plan, warm);
            runs++;
            if (o.infeasible() != null) {
                impossible++;
                continue;
            }
            if (!seen.add(signature(o.decisions()))) {
                duplicates++;
                continue;
            }
            if (firstOut == null) firstOut = o.out();
            Problem p = problem(o, runs, firstOut);
            if (p != null) {
                String key = p.what + "\n" + normalise(p.detail);
                Problem old = problems.get(key);
                if (old == null || p.branching() < old.branching()) problems.put(key, p);
            }
            pruned += expand(plan, o, todo, planned);
        }
        List<Problem> list = new ArrayList<>(problems.values());
        list.sort((a, b) -> Integer.compare(a.branching(), b.branching()));
        return new Result(runs, pruned, impossible, duplicates, todo.isEmpty(), list);
    }

    /** Pushes the plans for the other values of this run's free choices; returns how many senders happens-before ruled out. */
    private int expand(Plan plan, ScheduledRun.Outcome o, Deque<Plan> todo, Set<String> planned) {
        List<Decision> ds = o.decisions();
        List<Plan> children = new ArrayList<>();
        int pruned = 0;
        Plan prefix = plan;
        for (Decision d : ds) {
            if (!plan.has(d.rank(), d.ordinal())) {
                List<Integer> alternatives = new ArrayList<>();
                for (int v : d.candidates()) if (v != d.value()) alternatives.add(v);
                if (d.context() >= 0) {
                    // senders whose message came later in this run, but not because of this receive
                    Set<Integer> late = new java.util.TreeSet<>();
                    for (Scheduler.Send s : o.sends()) {
                        if (s.to != d.rank() || s.context != d.context()) continue;
                        if (d.tag() != ANY_TAG && d.tag() != s.tag) continue;
                        if (contains(d.candidates(), s.fromInComm) || s.fromInComm == d.value()) continue;
                        if (s.receivedAt() >= 0 && s.receivedAt() < d.clock()) continue; // received before this choice
                        if (s.clock[d.rank()] < d.clock()) late.add(s.fromInComm);
                        else pruned++;
                    }
                    alternatives.addAll(late);
                }
                for (int v : alternatives) {
                    Plan child = prefix.with(new Plan.Entry(d.rank(), d.ordinal(), d.call(), v));
                    if (planned.add(planSignature(child))) children.add(child);
                }
            }
            prefix = prefix.with(new Plan.Entry(d.rank(), d.ordinal(), d.call(), d.value()));
        }
        for (int i = children.size() - 1; i >= 0; i--) todo.push(children.get(i)); // earliest choice explored first
        return pruned;
    }

    private Problem problem(ScheduledRun.Outcome o, int run, String firstOut) {
        String err = o.err().strip();
        if (o.exit() != 0) {
            String what = o.kind() == null ? "an uncaught error" : switch (o.kind()) {
                case DEADLOCK -> "a deadlock";
                case TIMEOUT -> "a run past --timeout";
                case ABORT_CALL -> "MPI_Abort";
                case FATAL_ERROR -> "a fatal MPI or LAPI error";
                case SCRIPT_ERROR -> "an uncaught error";
                default -> "an abnormal end";
            };
            return new Problem(what + " (exit status " + o.exit() + ")", err, run, o.decisions(), o);
        }
        if (sameOutput && !o.out().equals(firstOut)) {
            return new Problem("output that differs from the first schedule's", diff(firstOut, o.out()), run, o.decisions(), o);
        }
        return null;
    }

    private static String diff(String a, String b) {
        List<String> x = a.lines().toList(), y = b.lines().toList();
        for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
            String l = i < x.size() ? x.get(i) : "(nothing)", m = i < y.size() ? y.get(i) : "(nothing)";
            if (!l.equals(m)) return "line " + (i + 1) + " was \"" + l + "\" in the first schedule, \"" + m + "\" here";
        }
        return "";
    }

    /** The cause of a problem without what varies between schedules that show it (request numbers, timings). */
    private static String normalise(String s) {
        return s.replaceAll("req\\d+", "req").replaceAll("\\d+(\\.\\d+)? s\\b", "N s");
    }

    private static String signature(List<Decision> ds) {
        StringBuilder sb = new StringBuilder();
        for (Decision d : ds) sb.append(d.rank()).append(':').append(d.ordinal()).append('=').append(d.value()).append(';');
        return sb.toString();
    }

    private static String planSignature(Plan p) {
        List<String> l = new ArrayList<>();
        for (Plan.Entry e : p.entries()) l.add(e.rank() + ":" + e.ordinal() + "=" + e.value());
        java.util.Collections.sort(l);
        return String.join(";", l);
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) if (x == v) return true;
        return false;
    }
}
