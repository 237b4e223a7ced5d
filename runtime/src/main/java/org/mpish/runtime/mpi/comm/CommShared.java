package org.mpish.runtime.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;

/**
 * What the ranks' handles of one communicator share: a context id that is unique in the job (point-to-point
 * matching keys on it), the participants (for an intercommunicator, both groups), and the rendezvous that
 * implements collectives. Families hang their own per-communicator state off {@link #extension}.
 */
public final class CommShared {
    /** The key of the job's context-id counter in {@link Job#shared}: ids are unique in their job. */
    private static final Object CONTEXT_IDS = new Object();

    private final long contextId;
    private final Job job;
    /** World ranks of every participant, in participant order (for an intercomm: group A, then group B). */
    private final int[] participants;
    /**
     * The meeting places of the collectives under way, in {@value #BUCKETS} buckets by sequence number, each a chain
     * newest first ({@link Slot#next}); made on first use (double-checked): a duplicated and freed communicator, or one
     * of a single process, needs none. A fixed array and a compare-and-set per collective instead of a hash map:
     * the map's boxing, node and counter updates were a third of a small collective's CPU time (JFR, np 2).
     */
    private volatile AtomicReferenceArray<Slot> slots;
    private static final int BUCKETS = 64;
    private volatile ConcurrentHashMap<Object, Object> extensions;

    public CommShared(Job job, int[] participants) {
        this.job = job;
        this.contextId = nextContextId(job);
        this.participants = participants.clone();
    }

    /** A new communicator (new context id) of the same participants in the same order: MPI_Comm_dup. */
    CommShared(CommShared same) {
        this.job = same.job;
        this.contextId = nextContextId(job);
        this.participants = same.participants; // never written
    }

    private static long nextContextId(Job job) { return contextIds(job).incrementAndGet(); }

    /**
     * The job's context-id counter, made on first use. Whoever makes a communicator inside a {@link Job#shared}
     * initialiser (MPI_COMM_WORLD's shared part) calls this first: an initialiser must not create other shared state.
     */
    public static AtomicLong contextIds(Job job) { return job.shared(CONTEXT_IDS, () -> new AtomicLong(100)); }

    public long contextId() { return contextId; }
    public Job job() { return job; }
    public int participantCount() { return participants.length; }
    public int participant(int i) { return participants[i]; }

    /** Per-communicator state of a family (matching queues, ...), created once and shared by all ranks. */
    @SuppressWarnings("unchecked")
    public <T> T extension(Object key, java.util.function.Supplier<T> init) {
        ConcurrentHashMap<Object, Object> m = extensions;
        if (m == null) {
            synchronized (this) {
                if ((m = extensions) == null) extensions = m = new ConcurrentHashMap<>();
            }
        }
        return (T) m.computeIfAbsent(key, k -> init.get());
    }

    /**
     * One collective's meeting place. Lock-free: a participant writes its value and its arrival mark, then counts
     * itself in with an atomic add (a release), so whoever reads {@code count == n} sees every value; waiters
     * poll {@code count} alone, never a lock the arriving rank would have to take from them.
     */
    private static final class Slot {
        private static final java.lang.invoke.VarHandle COUNT, DEPARTED;
        static {
            try {
                var l = java.lang.invoke.MethodHandles.lookup();
                COUNT = l.findVarHandle(Slot.class, "count", int.class);
                DEPARTED = l.findVarHandle(Slot.class, "departed", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
        final long seq;
        /** The next older slot of the same bucket: set before this one is published, never changed after. */
        Slot next;
        final Object[] values;
        /** Written by each participant before it counts itself in; read for descriptions (who is missing). */
        final boolean[] arrived;
        volatile int count;
        volatile int departed;
        Slot(long seq, int n) { this.seq = seq; values = new Object[n]; arrived = new boolean[n]; }

        /** Counts {@code me} in with {@code v}; true for the last to arrive. */
        boolean arrive(int me, Object v) {
            if (arrived[me]) throw new IllegalStateException("participant " + me + " entered collective " + seq + " twice");
            values[me] = v;
            arrived[me] = true;
            return (int) COUNT.getAndAdd(this, 1) + 1 == values.length;
        }

        /** Counts one participant out; true for the last to leave. */
        boolean depart() { return (int) DEPARTED.getAndAdd(this, 1) + 1 == values.length; }

        /** Whether every participant has left: nobody looks this slot up again (sequence numbers are never reused). */
        boolean gone() { return departed == values.length; }
    }

    /** The slot most recently looked up: the other participants of a collective usually find it here, without the map. */
    private volatile Slot latest;

    /**
     * The slot of collective {@code seq}, made by whoever comes first. Lock-free find-or-insert: a new slot goes at
     * the head of its bucket's chain with a compare-and-set against the head that was searched, so two participants
     * can never make two slots for one collective. A new slot's chain skips the slots everyone has left.
     */
    private Slot slot(long seq) {
        Slot s = latest;
        if (s != null && s.seq == seq) return s;
        AtomicReferenceArray<Slot> b = slots;
        if (b == null) {
            synchronized (this) {
                if ((b = slots) == null) slots = b = new AtomicReferenceArray<>(BUCKETS);
            }
        }
        int i = (int) seq & (BUCKETS - 1);
        Slot made = null;
        while (true) {
            Slot head = b.get(i);
            for (Slot x = head; x != null; x = x.next) {
                if (x.seq == seq) {
                    latest = x;
                    return x;
                }
            }
            if (made == null) made = new Slot(seq, participants.length);
            Slot rest = head;
            while (rest != null && rest.gone()) rest = rest.next;
            made.next = rest;
            if (b.compareAndSet(i, head, made)) {
                latest = made;
                return made;
            }
        }
    }

    /** Leaves {@code s}: the last participant out lets go of the contributions (the slot itself is dropped from its chain later). */
    private void depart(Slot s) {
        if (s.depart()) java.util.Arrays.fill(s.values, null);
    }

    /**
     * The rendezvous behind every collective: participant {@code me} contributes {@code mine} to collective
     * number {@code seq} and blocks until all participants have contributed; returns every contribution in
     * participant order.
     */
    public Object[] exchange(Rank rank, int me, long seq, Object mine, String callName) {
        return exchange(rank, me, seq, mine, () -> callName);
    }

    /** {@link #exchange(Rank, int, long, Object, String)} with the call's description made only if a rank has to wait. */
    public Object[] exchange(Rank rank, int me, long seq, Object mine, java.util.function.Supplier<String> callName) {
        if (participants.length == 1) return new Object[] {mine}; // alone: nobody to wait for
        Slot slot = slot(seq);
        if (slot.arrive(me, mine)) {
            wakeOthers(rank);
        } else {
            int n = participants.length;
            rank.await(() -> slot.count == n, () -> callName.get() + ": waiting for " + missing(slot));
        }
        Object[] out = slot.values.clone();
        depart(slot);
        return out;
    }

    private void wakeOthers(Rank rank) {
        for (int p : participants) if (p != rank.id()) job.rank(p).wake();
    }

    /**
     * The split-phase form of {@link #exchange}, for a contribution that must not wait (a nonblocking collective,
     * or a rank that failed its own checks): deposits {@code mine} for collective {@code seq} and returns the
     * slot, which {@link #arrived} polls and {@link #leave} reads and releases. Whoever completes the slot wakes
     * every other participant, as exchange does.
     */
    public Object arrive(Rank rank, int me, long seq, Object mine) {
        Slot slot = slot(seq);
        if (slot.arrive(me, mine)) wakeOthers(rank);
        return slot;
    }

    /** Whether every participant has arrived at a slot from {@link #arrive}. */
    public boolean arrived(Object slot) { return ((Slot) slot).count == participants.length; }

    /** "ranks 1, 3 to join": who has not arrived at a slot from {@link #arrive}. */
    public String missing(Object slot) { return missing((Slot) slot); }

    /** Leaves a slot from {@link #arrive}: every contribution (null for those not yet made), and the slot is freed once all have left. */
    public Object[] leave(Object slot, long seq) {
        Slot s = (Slot) slot;
        Object[] out = s.values.clone();
        depart(s);
        return out;
    }

    /** The participant indices that have not arrived at a slot from {@link #arrive}, in order. */
    public int[] absent(Object slot) {
        Slot s = (Slot) slot;
        List<Integer> m = new ArrayList<>();
        if (s.count == participants.length) return new int[0]; // read first: it makes the arrival marks visible
        for (int i = 0; i < participants.length; i++) if (!s.arrived[i]) m.add(i);
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    private String missing(Slot slot) {
        List<Integer> m = new ArrayList<>();
        int seen = slot.count; // read first: it makes the arrival marks visible
        for (int i = 0; i < participants.length && seen < participants.length; i++) if (!slot.arrived[i]) m.add(participants[i]);
        return (m.size() == 1 ? "rank " : "ranks ") + m.toString().replaceAll("[\\[\\]]", "") + " to join";
    }
}
