package org.mpish.runtime.explore;

/**
 * One place where the standard lets a run go more than one way: which sender a wildcard receive or probe matches,
 * which completed request MPI_Waitany reports, ... A family makes one when a rank reaches such a call; the
 * {@link Scheduler} decides it when no rank can move without it (so every message or completion that can be
 * there, is there) and records the decision.
 */
public abstract class Choice {
    /** The value of a choice that takes nothing (an MPI_Iprobe that sees no message). */
    public static final int NONE = Integer.MIN_VALUE;

    final int rank;
    int ordinal;
    int callOrdinal;
    final String call;
    volatile boolean resolved;
    volatile int value = NONE;

    protected Choice(int rank, String call) {
        this.rank = rank;
        this.call = call;
    }

    /** The values it may take now, in a fixed order (the first is taken unless a plan says otherwise); read under the scheduler. */
    protected abstract int[] candidates();

    /** Whether it may be decided with no candidate at all (a test that finds nothing). */
    protected boolean allowsNone() { return false; }

    /** Carries the decision out (posts the receive, ...); called once, on whichever rank's thread holds the turn. */
    protected void resolve(int value) {}

    /** "MPI_Recv (MPI_ANY_SOURCE, tag 0)". */
    protected abstract String label();

    /** "matched" (what the call did with the value). */
    protected abstract String verb();

    /** "rank 1" (one value in words). */
    protected abstract String text(int value);

    /** For a wildcard receive or probe: the communicator context it receives on (else -1) and its tag. */
    protected long context() { return -1; }
    protected int tag() { return 0; }

    /** Whether it counts as a decision (recorded and numbered); false for a mere turn-taking point. */
    protected boolean recorded() { return true; }

    public boolean isResolved() { return resolved; }
    public int value() { return value; }
    public int rank() { return rank; }
}
