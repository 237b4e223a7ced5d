package org.mpish.runtime.lapi;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;

/**
 * One LAPI context (a handle) on one task: its settings (LAPI_Senv), address table (LAPI_Addr_set), purged
 * destinations, the transfers it started that are still moving data (for LAPI_Fence), and its dispatcher: the
 * queue of steps that must run on this task's own thread, drained at the task's progress points.
 */
public final class Context {
    /** What LAPI_Init was given (lapi_info_t). */
    record Settings(Callback errHndlr, int libVers, int epoch, boolean interrupt) {}

    private final LapiRank owner;
    private final int handle;
    private final Settings settings;
    private final long[] addrTable = new long[LapiConst.LOC_ADDRTBL_SZ];
    private final boolean[] purged;
    private final Set<Msg> moving = ConcurrentHashMap.newKeySet();
    private final ConcurrentLinkedQueue<Step> inbound = new ConcurrentLinkedQueue<>();
    private final AtomicInteger completionBits = new AtomicInteger();
    private final AtomicInteger purges = new AtomicInteger();
    final AtomicLong pktsSent = new AtomicLong(), pktsRecv = new AtomicLong(), dataSent = new AtomicLong(),
            dataRecv = new AtomicLong();
    private volatile boolean errorCheck = true;
    private volatile boolean interrupt;
    private volatile int timeout = LapiConst.DEFAULT_TIMEOUT;
    private volatile int ackThreshold = LapiConst.DEFAULT_ACK_THRESHOLD;
    private volatile boolean live = true;
    private volatile boolean noPoll;
    private boolean dispatching;
    private final java.util.List<Step> later = new java.util.ArrayList<>();
    private static final int MAX_STEPS_PER_DISPATCH = 10_000;
    /** While an inline completion handler (LAPI_SEND_REPLY) runs: the message's source, else -1 (L37). */
    int replyOnlyTo = -1;
    /** Decides which origin's active message runs next when the schedule is explored; null otherwise. */
    private final AmOrder order;

    Context(LapiRank owner, int handle, Settings settings) {
        this.owner = owner;
        this.handle = handle;
        this.settings = settings;
        this.interrupt = settings.interrupt();
        this.purged = new boolean[owner.rank().job().size()];
        this.order = AmOrder.of(this);
    }

    public int handle() { return handle; }
    public Rank rank() { return owner.rank(); }
    LapiRank owner() { return owner; }
    Job job() { return owner.rank().job(); }
    Settings settings() { return settings; }
    public boolean live() { return live; }
    public boolean errorCheck() { return errorCheck; }
    public boolean interrupt() { return interrupt; }
    int timeout() { return timeout; }
    int ackThreshold() { return ackThreshold; }
    void setErrorCheck(boolean b) { errorCheck = b; }
    void setInterrupt(boolean b) { interrupt = b; }
    void setTimeout(int t) { timeout = t; }
    void setAckThreshold(int t) { ackThreshold = t; }
    long[] addrTable() { return addrTable; }
    public int queued() { return inbound.size(); }
    public int moving() { return moving.size(); }

    void terminate() {
        live = false;
        owner.close(this);
    }

    // ---- purge ---------------------------------------------------------------------------------------

    boolean purged(int task) { return purged[task]; }

    /** L76: cancels every message of this context to {@code task} that is still moving, and refuses new ones. */
    int purge(int task) {
        purged[task] = true;
        purges.incrementAndGet();
        int n = 0;
        for (Msg m : moving) {
            if (m.tgt == task) {
                m.cancelled = true;
                m.dataComplete();
                n++;
            }
        }
        rank().wake();
        return n;
    }

    void resume(int task) { purged[task] = false; }

    /** How many purges this context has made (LAPI_Nopoll_wait returns early when it changes, L23). */
    int purges() { return purges.get(); }

    // ---- transfers this context started ----------------------------------------------------------------

    void started(Msg m) { moving.add(m); }

    void finished(Msg m) {
        moving.remove(m);
        rank().wake();
    }

    boolean quiet() { return moving.isEmpty(); }

    void noteCompletion(int bits) { completionBits.getAndUpdate(b -> b | bits); }

    int takeCompletions() { return completionBits.getAndSet(0); }

    // ---- the dispatcher --------------------------------------------------------------------------------

    /** Queues a step for this task's next progress point. */
    void enqueue(Step s) {
        inbound.add(s);
        rank().post(this::kick);
    }

    private void kick() {
        if (!noPoll) dispatch();
    }

    /** Has the next progress point run the dispatcher (an explored order was decided). */
    void wakeDispatcher() { rank().post(this::kick); }

    /** While true (LAPI_Nopoll_wait) progress points leave this context's queue alone (L23). */
    void setNoPoll(boolean b) {
        noPoll = b;
        if (!b && !inbound.isEmpty()) rank().post(this::kick);
    }

    /**
     * Runs queued steps on the task's own thread until none is left, those queued meanwhile (completion handlers)
     * included; a message a header handler dropped (LAPI_DROP_PKT) waits for the next progress point. Returns how
     * many steps ran, or -1 when the dispatcher is already running (a handler called in).
     */
    int dispatch() {
        if (dispatching) return -1;
        dispatching = true;
        int n = 0;
        try {
            Step s;
            while (n < MAX_STEPS_PER_DISPATCH && (s = order == null ? inbound.poll() : order.next(inbound)) != null) {
                run(s);
                n++;
            }
        } finally {
            dispatching = false;
            if (!later.isEmpty()) {
                inbound.addAll(later);
                later.clear();
            }
            // not while an explored order is being decided: its decision wakes the dispatcher
            if (!inbound.isEmpty() && (order == null || !order.waiting())) rank().post(this::kick);
        }
        return n;
    }

    /** A step to run again at the next progress point, not in the dispatch running now (LAPI_DROP_PKT). */
    void again(Step s) {
        if (dispatching) later.add(s);
        else enqueue(s);
    }

    boolean dispatching() { return dispatching; }

    /** Runs a step here and now; a failure becomes an asynchronous error of this context (L2). */
    void run(Step s) {
        if (s.msg() != null) s.msg().release(rank());
        if (s.msg() != null && s.msg().cancelled) {
            if (Trace.on(this)) Trace.emit(this, "dropped", "purged: " + s.what() + " of " + s.msg());
            return;
        }
        try {
            s.body().run();
        } catch (LapiException e) {
            asyncError(e.code(), s.errType(), s.peer(), e.detail());
        } catch (MemoryFault f) {
            asyncError(LapiErrors.TGT_ADDR_NULL, s.errType(), s.peer(), s.what() + ": " + f.getMessage());
        } catch (CallbackFailure f) {
            asyncError(f.explicitCode() ? f.code() : LapiErrors.ERR_UNKNOWN, s.errType(), s.peer(),
                    "a handler failed in " + s.what() + ": " + f.getMessage());
        } catch (org.mpish.runtime.BadArgument e) {
            asyncError(LapiErrors.ERR_UNKNOWN, s.errType(), s.peer(), s.what() + ": " + e.getMessage());
        }
    }

    /**
     * An error found after the call that caused it returned (L2): the err_hndlr given to LAPI_Init runs on this
     * task at its next progress point; without one the job ends, as LAPI's default handler ends the program.
     */
    void asyncError(int code, int errType, int src, String detail) {
        String text = LapiErrors.name(code) + ": " + (detail == null ? LapiErrors.text(code) : detail);
        if (Trace.on(this)) Trace.emit(this, "error", "asynchronous " + text + " (err_type " + errType + ", from task " + src + ")");
        Callback eh = settings.errHndlr();
        if (eh == null) {
            job().abort(new Job.Abort(1, "LAPI asynchronous error on rank " + rank().id() + ", handle " + handle + ": " + text
                    + " (no err_hndlr was given to LAPI_Init)", Job.Abort.Kind.FATAL_ERROR, rank().id()));
            return;
        }
        enqueue(new Step(null, true, "err_hndlr", LapiConst.INT_ERR, src, () -> {
            try {
                eh.call((long) handle, (long) code, (long) errType, (long) rank().id(), (long) src);
            } catch (CallbackFailure f) {
                job().abort(new Job.Abort(1, "LAPI err_hndlr of rank " + rank().id() + " failed: " + f.getMessage(),
                        Job.Abort.Kind.FATAL_ERROR, rank().id()));
                throw new JobAbortedException(job().abortReason());
            }
        }));
    }

    /** Statistics as lapi_statistics_t (QUERY_STATISTICS). */
    Map<String, Object> statistics() {
        return Map.of("Tot_dup_pkt_cnt", 0L, "Tot_retrans_pkt_cnt", 0L, "Tot_gho_pkt_cnt", 0L,
                "Tot_pkt_sent_cnt", pktsSent.get(), "Tot_pkt_recv_cnt", pktsRecv.get(), "Tot_data_sent", dataSent.get(),
                "Tot_data_recv", dataRecv.get(), "Tot_ack_send_cnt", pktsRecv.get(), "Tot_ack_recv_cnt", pktsSent.get());
    }

    @Override public String toString() { return "LAPI handle " + handle + " of rank " + rank().id(); }
}
