package org.mpish.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.lapi.LapiConst;
import org.mpish.runtime.lapi.LapiErrors;
import org.mpish.runtime.lapi.LapiException;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiConst;

/**
 * Bad input, table-driven: for every catalogued call and every one of its input parameters, the arguments that
 * are wrong for that parameter's type (from {@link PType#kind()}, {@link PType#handleKind()}, its constant group
 * and its C name) are tried one at a time, every other argument being a good one. Each must fail at once with
 * the MPI error class or LAPI code documented for that parameter (semantics.md A59, R18, R55-R60, B3, L13-L53):
 *
 * <ul>
 * <li>a null, freed or wrong-kind handle: the handle kind's class (MPI_ERR_COMM, MPI_ERR_WIN, MPI_ERR_KEYVAL, ...);
 * <li>a negative count: MPI_ERR_COUNT; a rank outside the communicator: MPI_ERR_RANK; a tag outside
 *     0..MPI_TAG_UB: MPI_ERR_TAG; a bad root: MPI_ERR_ROOT; a negative size: MPI_ERR_SIZE; a disp_unit of 0 or a
 *     negative target_disp: MPI_ERR_DISP; an address outside the rank's memory: MPI_ERR_BUFFER;
 * <li>LAPI: a bad handle LAPI_ERR_HNDL_INVALID, task LAPI_ERR_TGT, length LAPI_ERR_DATA_LEN, origin / target
 *     address LAPI_ERR_ORG_ADDR_NULL / LAPI_ERR_TGT_ADDR_NULL, counter LAPI_ERR_CNTR_NULL, ...
 * </ul>
 *
 * Never an internal error, a Java exception, a hang or an aborted job. Misaligned addresses are probes: the call
 * may succeed or fail, but only with an MPI / LAPI error. Every mismatch is listed at the end, with the count of
 * cases tried.
 */
@Timeout(300)
class BadInputTest {
    /** Calls not tried: they end MPI for the rank (the rest of the table would then fail) or have no input. */
    private static final Set<String> SKIP = Set.of("MPI_Init", "MPI_Finalize");
    private static final long NOWHERE = 0x7ead_0000_0000L;
    /**
     * Not an error at all: the call must succeed. Used for misaligned addresses, which neither the MPI standard nor
     * the LAPI documentation makes an error (x86 loads and stores any alignment, and MPICH, Open MPI and LAPI pass
     * such addresses through), so mpish carries them out; each use says why in its comment.
     */
    private static final int SUCCEEDS = Integer.MIN_VALUE;

    /** One bad argument; {@code procNull}: the call's other rank arguments are MPI_PROC_NULL (checks come before that early return). */
    record Bad(String param, String label, Object value, int expected, boolean procNull) {
        Bad(String param, String label, Object value, int expected) { this(param, label, value, expected, false); }
        Bad withProcNull() { return new Bad(param, label + " (other ranks MPI_PROC_NULL)", value, expected, true); }
    }

    /** Per job: the good handles and buffers every case starts from, and handles already freed. */
    static final class Fix {
        Rank r0, r1;
        Object world, ring, win, dynWin, uncommitted, group, info, commKv, winKv, typeKv, eh, req, persistent, type;
        Object freedComm, freedGroup, freedType, freedWin, freedKv, freedWinKv, freedTypeKv, freedEh, freedInfo, freedReq;
        Object session, freedSession;
        long buf, buf1, winBase1;
        int hndl, termHndl;
        long fn;
    }

    private final List<String> failures = new ArrayList<>();
    private int tried;

    @Test
    void everyBadArgumentOfEveryCallGetsItsDocumentedError() throws Exception {
        Catalogue cat = Catalogue.get();
        int calls = 0;
        for (Call c : cat.calls()) {
            if (SKIP.contains(c.name())) continue;
            List<Bad> cases = cases(c);
            List<String> rankParams = c.inputs().stream().filter(p -> "rank".equals(p.type().constantGroup())).map(Param::name).toList();
            if (!rankParams.isEmpty()) {
                for (Bad b : List.copyOf(cases)) {
                    // a target's bounds (MPI_ERR_RMA_RANGE, MPI_ERR_TRUNCATE) do not exist for MPI_PROC_NULL
                    boolean targetOnly = b.expected() == ErrorClass.MPI_ERR_RMA_RANGE || b.expected() == ErrorClass.MPI_ERR_TRUNCATE;
                    if (!rankParams.contains(b.param()) && b.expected() != SUCCEEDS && !targetOnly) cases.add(b.withProcNull());
                }
            }
            if (cases.isEmpty()) {
                if (!c.inputs().isEmpty() && Boolean.getBoolean("badinput.list")) System.out.println("BadInputTest: no bad argument for " + c.name());
                continue;
            }
            calls++;
            runCall(c, cases);
        }
        System.out.println("BadInputTest: " + tried + " bad arguments tried over " + calls + " calls; " + failures.size() + " wrong");
        if (!failures.isEmpty()) fail(failures.size() + " of " + tried + " bad arguments were not rejected as documented:\n  "
                + String.join("\n  ", failures));
        assertTrue(tried > 600, "the table should try many bad arguments, tried " + tried);
    }

    // ---- running the cases of one call -------------------------------------------------------------

    private void runCall(Call c, List<Bad> cases) throws Exception {
        TestJob t = null;
        Fix f = null;
        try {
            for (Bad b : cases) {
                if (t == null) {
                    t = new TestJob(2);
                    f = setUp(t);
                }
                tried++;
                String verdict = runCase(t, f, c, b);
                if (verdict != null) {
                    failures.add(c.name() + " " + b.param() + " = " + b.label() + ": " + verdict);
                    if (verdict.startsWith("hung") || verdict.startsWith("aborted")) {
                        t.close();
                        t = null;
                    }
                }
            }
        } finally {
            if (t != null) t.close();
        }
    }

    private String runCase(TestJob t, Fix f, Call c, Bad b) throws Exception {
        CompletableFuture<Object> fut = f.r0.submit(() -> {
            Object[] args = new Object[c.inputs().size()];
            boolean rmaEpoch = needsEpoch(c);
            for (int i = 0; i < args.length; i++) {
                Param p = c.inputs().get(i);
                Object v = b.value() instanceof Deferred d ? d.make().apply(f) : b.value();
                args[i] = p.name().equals(b.param()) ? v
                        : b.procNull() && "rank".equals(p.type().constantGroup()) ? (Object) (long) MpiConst.PROC_NULL : good(f, c, p);
            }
            if (rmaEpoch) TestJob.call(f.r0, "MPI_Win_lock_all", 0L, f.win);
            try {
                TestJob.call(f.r0, c.name(), args);
                return "accepted";
            } catch (MpiException e) {
                return e;
            } catch (LapiException e) {
                return e;
            } finally {
                if (rmaEpoch) {
                    try {
                        TestJob.call(f.r0, "MPI_Win_unlock_all", f.win);
                    } catch (MpiException ignored) {
                        // the case may have closed it
                    }
                }
            }
        });
        Object outcome;
        try {
            outcome = fut.get(3, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return "hung (" + t.job.rollCall().replace('\n', ' ') + ")";
        } catch (ExecutionException e) {
            Throwable x = e.getCause();
            if (x instanceof JobAbortedException a) return "aborted the job: " + a.getMessage();
            if (x instanceof ArgError a) return "rejected as a usage error, not an MPI/LAPI error: " + a.getMessage();
            return "threw " + x;
        }
        boolean lapi = c.api().equals("LAPI");
        if (outcome instanceof String s) {
            return b.expected() == SUCCEEDS ? null : s + ", expected " + name(lapi, b.expected());
        }
        int got = outcome instanceof MpiException m ? m.errorClass() : ((LapiException) outcome).code();
        String msg = ((RuntimeException) outcome).getMessage();
        if (got == ErrorClass.MPI_ERR_INTERN && !lapi || msg.contains("internal error") || msg.contains("Exception")) {
            return "internal error: " + msg;
        }
        if (b.expected() == SUCCEEDS) return "failed with " + name(lapi, got) + " (" + msg + "), expected it to succeed";
        if (got == b.expected()) return null;
        return "got " + name(lapi, got) + " (" + msg + "), expected " + name(lapi, b.expected());
    }

    private static String name(boolean lapi, int code) {
        if (lapi) return LapiErrors.name(code) + " (" + code + ")";
        String n = ErrorClass.name(code);
        return n == null ? "class " + code : n;
    }

    private static boolean needsEpoch(Call c) {
        return Set.of("MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate", "MPI_Rput", "MPI_Rget", "MPI_Raccumulate",
                "MPI_Rget_accumulate", "MPI_Fetch_and_op", "MPI_Compare_and_swap", "MPI_Win_flush", "MPI_Win_flush_local",
                "MPI_Win_sync", "MPI_Win_flush_all", "MPI_Win_flush_local_all").contains(rulesName(c));
    }

    /**
     * The name whose rules a call follows: a large-count form ({@code MPI_Send_c}, declared with MPI_Send) follows
     * its base call's (MPI-4.1 section 2.5.8: the same call with MPI_Count where the base has int).
     */
    static String rulesName(Call c) {
        Call base = twinOf(c);
        return base != null ? base.name() : c.name();
    }

    /** The int form of a _c call made from the same declaration, or null. */
    private static Call twinOf(Call c) {
        if (!c.name().endsWith("_c")) return null;
        Call base = Catalogue.get().call(c.name().substring(0, c.name().length() - 2));
        return base != null && base.inputs().size() == c.inputs().size() ? base : null;
    }

    /**
     * The cases of one call. A _c form shares its base call's implementation, whose other arguments the base call's
     * rows try; its rows are those of the arguments it takes wider (MPI_Count, MPI_Aint). An int form's count given
     * 2^31 is MPI_ERR_COUNT, naming the value.
     */
    private static List<Bad> cases(Call c) {
        List<Bad> out = new ArrayList<>();
        Call base = twinOf(c);
        for (int i = 0; i < c.inputs().size(); i++) {
            Param p = c.inputs().get(i);
            if (base == null || base.inputs().get(i).type() != p.type()) out.addAll(bad(c, p));
            if (p.name().equals("datarep")) out.add(new Bad(p.name(), "\"native\"", "native", ErrorClass.MPI_ERR_UNSUPPORTED_DATAREP));
            if (p.type().large() != null && p.type().kind() == PType.Kind.INT) {
                out.add(new Bad(p.name(), "2^31 (beyond an int)", 1L << 31, ErrorClass.MPI_ERR_COUNT));
            }
        }
        return out;
    }

    // ---- the fixture -------------------------------------------------------------------------------

    private static Fix setUp(TestJob t) {
        Fix f = new Fix();
        f.r0 = t.rank(0);
        f.r1 = t.rank(1);
        Object[] wins = new Object[2];
        long[] bases = new long[2];
        int[] handles = new int[2];
        t.spmd(r -> {
            TestJob.returnErrors(r);
            Object[] w = TestJob.call(r, "MPI_Win_allocate", 4096L, 1L, "MPI_INFO_NULL", "MPI_COMM_WORLD");
            bases[r.id()] = (Long) w[0];
            wins[r.id()] = w[1];
            TestJob.call(r, "MPI_Win_set_errhandler", w[1], "MPI_ERRORS_RETURN");
            handles[r.id()] = (Integer) TestJob.call1(r, "LAPI_Init", Map.of("lib_vers", 1L));   // L2_LIB, for LAPI_Nopoll_wait (L23)
            Object dup = TestJob.call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD"); // a communicator the cases may change
            Object gone = TestJob.call1(r, "MPI_Comm_dup", "MPI_COMM_WORLD");
            TestJob.call(r, "MPI_Comm_free", gone);
            // MPI-4.1 8.6: the neighbourhood collectives need a topology; a periodic ring of 2 gives each rank two neighbours
            Object ring = TestJob.call1(r, "MPI_Cart_create", "MPI_COMM_WORLD", 1L, List.of(2L), List.of(1L), false);
            Object dyn = TestJob.call1(r, "MPI_Win_create_dynamic", "MPI_INFO_NULL", "MPI_COMM_WORLD");
            TestJob.call(r, "MPI_Win_set_errhandler", dyn, "MPI_ERRORS_RETURN");
            if (r.id() == 0) {
                f.dynWin = dyn;
                f.world = dup;
                f.ring = ring;
                f.freedComm = gone;
            }
        });
        f.winBase1 = bases[1];
        f.hndl = handles[0];
        f.buf1 = f.r1.memory().alloc(4096);
        t.on(0, () -> {
            Rank r = f.r0;
            f.win = wins[0];
            f.buf = r.memory().alloc(4096);
            f.group = TestJob.call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
            f.info = TestJob.call1(r, "MPI_Info_create");
            f.commKv = TestJob.call1(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
            f.winKv = TestJob.call1(r, "MPI_Win_create_keyval", "MPI_WIN_NULL_COPY_FN", "MPI_WIN_NULL_DELETE_FN", null);
            f.typeKv = TestJob.call1(r, "MPI_Type_create_keyval", "MPI_TYPE_NULL_COPY_FN", "MPI_TYPE_NULL_DELETE_FN", null);
            f.eh = TestJob.call1(r, "MPI_Comm_create_errhandler", fn());
            f.req = TestJob.call1(r, "MPI_Isend", f.buf, 1L, "MPI_INT", "MPI_PROC_NULL", 0L, "MPI_COMM_WORLD");
            f.persistent = TestJob.call1(r, "MPI_Send_init", f.buf, 1L, "MPI_INT", "MPI_PROC_NULL", 0L, "MPI_COMM_WORLD");
            f.type = TestJob.call1(r, "MPI_Type_contiguous", 2L, "MPI_INT");
            TestJob.call(r, "MPI_Type_commit", f.type);
            f.uncommitted = TestJob.call1(r, "MPI_Type_contiguous", 2L, "MPI_INT");
            f.termHndl = (Integer) TestJob.call1(r, "LAPI_Init", Map.of("instance_no", 2L));
            TestJob.call(r, "LAPI_Term", (long) f.termHndl);
            // freed handles of every kind
            f.freedGroup = TestJob.call1(r, "MPI_Comm_group", "MPI_COMM_WORLD");
            TestJob.call(r, "MPI_Group_free", f.freedGroup);
            f.freedType = TestJob.call1(r, "MPI_Type_contiguous", 2L, "MPI_INT");
            TestJob.call(r, "MPI_Type_free", f.freedType);
            f.freedKv = TestJob.call1(r, "MPI_Comm_create_keyval", "MPI_COMM_NULL_COPY_FN", "MPI_COMM_NULL_DELETE_FN", null);
            TestJob.call(r, "MPI_Comm_free_keyval", f.freedKv);
            f.freedWinKv = TestJob.call1(r, "MPI_Win_create_keyval", "MPI_WIN_NULL_COPY_FN", "MPI_WIN_NULL_DELETE_FN", null);
            TestJob.call(r, "MPI_Win_free_keyval", f.freedWinKv);
            f.freedTypeKv = TestJob.call1(r, "MPI_Type_create_keyval", "MPI_TYPE_NULL_COPY_FN", "MPI_TYPE_NULL_DELETE_FN", null);
            TestJob.call(r, "MPI_Type_free_keyval", f.freedTypeKv);
            f.freedEh = TestJob.call1(r, "MPI_Comm_create_errhandler", fn());
            TestJob.call(r, "MPI_Errhandler_free", f.freedEh);
            f.freedInfo = TestJob.call1(r, "MPI_Info_create");
            TestJob.call(r, "MPI_Info_free", f.freedInfo);
            f.session = TestJob.call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
            f.freedSession = TestJob.call1(r, "MPI_Session_init", "MPI_INFO_NULL", "MPI_ERRORS_RETURN");
            TestJob.call(r, "MPI_Session_finalize", f.freedSession);
            f.freedReq = TestJob.call1(r, "MPI_Send_init", f.buf, 1L, "MPI_INT", "MPI_PROC_NULL", 0L, "MPI_COMM_WORLD");
            TestJob.call(r, "MPI_Request_free", f.freedReq);
            return null;
        });
        // a window freed collectively
        Object[] fw = new Object[1];
        t.spmd(r -> {
            Object w = TestJob.call1(r, "MPI_Win_create_dynamic", "MPI_INFO_NULL", "MPI_COMM_WORLD");
            TestJob.call(r, "MPI_Win_free", w);
            if (r.id() == 0) fw[0] = w;
        });
        f.freedWin = fw[0];
        return f;
    }

    private static Callback fn() {
        return new Callback() {
            @Override public Object call(Object... args) { return null; }
            @Override public String describe() { return "handler"; }
        };
    }

    // ---- good arguments ----------------------------------------------------------------------------

    private static Object good(Fix f, Call c, Param p) {
        Call base = twinOf(c);
        if (base != null) { // a _c form's argument: what its int form takes is good there too
            Param bp = base.inputs().get(c.inputs().indexOf(p));
            if (bp.type() != p.type()) return good(f, base, bp);
        }
        if (p.name().equals("datarep")) return "external32";
        if (p.type().kind() == PType.Kind.HANDLE && p.type().handleKind() == HandleKind.DATATYPE && rulesName(c).startsWith("MPI_Type_get_contents")) {
            return f.type; // a derived type: a named one has no contents
        }
        String n = p.name();
        String call = rulesName(c);
        PType t = p.type();
        String g = t.constantGroup() == null ? "" : t.constantGroup();
        switch (t.kind()) {
            case HANDLE -> {
                return switch (t.handleKind()) {
                    case COMM -> call.equals("MPI_Abort") ? "MPI_COMM_WORLD" : call.contains("eighbor_") ? f.ring : f.world;
                    case GROUP -> f.group;
                    case DATATYPE -> "MPI_INT";
                    case WIN -> call.equals("MPI_Win_attach") || call.equals("MPI_Win_detach") ? f.dynWin : f.win;
                    case KEYVAL -> call.startsWith("MPI_Win_") ? f.winKv : call.startsWith("MPI_Type_") ? f.typeKv : f.commKv;
                    case ERRHANDLER -> call.equals("MPI_Errhandler_free") ? f.eh : "MPI_ERRORS_RETURN";
                    case REQUEST -> call.equals("MPI_Start") ? f.persistent : f.req;
                    case OP -> "MPI_SUM";
                    case INFO -> f.info;
                    case MESSAGE -> "MPI_MESSAGE_NO_PROC";
                    case SESSION -> f.session;
                };
            }
            case HANDLE_ARRAY -> {
                if (c.family().equals("collectives")) return List.of("MPI_INT", "MPI_INT"); // one per rank of the job of 2
                if (t.handleKind() == HandleKind.INFO) return List.of("MPI_INFO_NULL"); // MPI_Comm_spawn_multiple's array_of_info
                return t.handleKind() == HandleKind.REQUEST ? List.of(call.equals("MPI_Startall") ? f.persistent : f.req) : List.of("MPI_INT");
            }
            case INT -> {
                if (g.equals("rank")) return 1L;
                if (g.equals("tag")) return 0L;
                if (g.equals("task")) return 1L;
                if (g.equals("lapi_handle")) return (long) f.hndl;
                if (g.equals("lapi_query")) return 1L /* NUM_TASKS */;
                if (g.equals("lapi_rmw_op")) return 0L; // FETCH_AND_ADD
                if (g.equals("locktype")) return "MPI_LOCK_SHARED";
                if (g.equals("assert")) return 0L;
                if (g.equals("splittype")) return "MPI_COMM_TYPE_SHARED";
                return switch (n) {
                    case "order" -> "MPI_ORDER_C";
                    case "val" -> call.equals("LAPI_Nopoll_wait") ? 1L : 0L;
                    case "root", "local_leader", "remote_leader", "color", "key", "high", "tag", "set_val" -> 0L;
                    case "disp_unit", "blocklength", "stride", "n", "ndims", "num_dest", "cnt", "partitions" -> 1L;
                    case "size" -> call.equals("MPI_Type_create_darray") ? 1L : call.equals("MPI_Type_match_size") ? 4L : 1024L;
                    case "outsize", "insize" -> 64L;
                    case "typeclass" -> 2L; // MPI_TYPECLASS_INTEGER
                    case "buflen" -> 64L;
                    case "uhdr_len" -> 0L;
                    case "addr_hndl" -> 1L;
                    case "errorcode", "errorclass", "error_code" -> c.api().equals("LAPI") ? 417L : (long) ErrorClass.MPI_ERR_OTHER;
                    default -> n.contains("count") ? 1L : 0L;
                };
            }
            case LONG -> {
                return switch (n) {
                    case "size", "outsize", "insize" -> 64L;
                    case "count" -> 1L; // an MPI_Count (MPI_Psend_init): one element, so the buffer is checked
                    case "len", "udata_len" -> 8L;
                    case "extent" -> 4L;
                    case "stride" -> 4L;
                    default -> 0L;
                };
            }
            case ADDR -> {
                if (call.startsWith("LAPI_")) {
                    if (n.equals("tgt_addr") || n.equals("tgt_var") || n.equals("tgt_cntr")) return n.equals("tgt_cntr") ? 0L : f.buf1;
                    // LAPI_Setcntr_wstatus writes num_dest (1) statuses: a good call needs room for them
                    if (n.equals("dest_status") && call.equals("LAPI_Setcntr_wstatus")) return f.buf + 3072;
                    if (n.equals("org_cntr") || n.equals("cmpl_cntr") || n.equals("prev_tgt_val") || n.equals("dest_status")) return 0L;
                    if (n.equals("cntr") || n.equals("cntr_ptr")) return f.buf + 2048;
                    return f.buf;
                }
                if (call.equals("MPI_Win_detach") || call.equals("MPI_Win_attach")) return f.buf;
                if (call.equals("MPI_Buffer_attach") || call.equals("MPI_Comm_attach_buffer")) return f.buf;
                return n.equals("result_addr") ? f.buf + 1024 : n.equals("compare_addr") ? f.buf + 2048 : f.buf;
            }
            case BOOL -> { return false; }
            case STRING -> { return n.equals("pset_name") ? "mpi://WORLD" : "x"; }
            case DOUBLE -> { return 0.0; }
            case VALUE -> {
                if (call.startsWith("LAPI_")) return n.equals("hdr_hdl") ? fn() : 0L;
                return n.equals("extra_state") ? null : 42L;
            }
            case CALLBACK -> {
                String cb = t.constantGroup();
                if (cb.equals("copyfn")) return call.startsWith("MPI_Win") ? "MPI_WIN_NULL_COPY_FN" : call.startsWith("MPI_Type") ? "MPI_TYPE_NULL_COPY_FN" : "MPI_COMM_NULL_COPY_FN";
                if (cb.equals("deletefn")) return call.startsWith("MPI_Win") ? "MPI_WIN_NULL_DELETE_FN" : call.startsWith("MPI_Type") ? "MPI_TYPE_NULL_DELETE_FN" : "MPI_COMM_NULL_DELETE_FN";
                return fn();
            }
            case INT_ARRAY -> {
                // a collective's per-rank arrays: one entry per rank of the job of 2, one element each, at displacement 0
                if (c.family().equals("collectives")) return n.contains("count") ? List.of(1L, 1L) : List.of(0L, 0L);
                if (n.equals("ranges")) return List.of(0L, 0L, 1L); // one (first, last, stride) triplet: rank 0
                return List.of(call.equals("LAPI_Setcntr_wstatus") ? 1L : 0L);
            }
            case LONG_ARRAY -> { return c.family().equals("collectives") ? List.of(0L, 0L) : List.of(0L); } // per neighbour of the ring
            case STRING_ARRAY -> { return null; } // argv of MPI_Info_create_env: NULL goes with argc 0
            case STATUS -> { return Map.of("MPI_SOURCE", 1L, "MPI_TAG", 0L, "MPI_ERROR", 0L, "count", 8L); }
            case STRUCT -> { return goodStruct(f, call, n); }
        }
        throw new IllegalStateException(call + " " + n);
    }

    private static Map<String, Object> goodStruct(Fix f, String call, String n) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (call) {
            case "LAPI_Xfer" -> {
                m.put("Xfer_type", "LAPI_PUT_XFER");
                m.put("tgt", 1L);
                m.put("tgt_addr", f.buf1);
                m.put("org_addr", f.buf);
                m.put("len", 8L);
            }
            case "LAPI_Putv", "LAPI_Getv", "LAPI_Amsendv" -> {
                m.put("vec_type", 0L);
                m.put("num_vecs", 1L);
                m.put("info", List.of(n.equals("tgt_vec") ? f.buf1 : f.buf));
                m.put("len", List.of(8L));
            }
            case "LAPI_Util" -> {
                m.put("Util_type", 1L); // LAPI_RESERVE_DGSP
                m.put("dgsp_handle", 1L);
            }
            case "LAPI_Msgpoll" -> { }
            default -> { return null; }
        }
        return m;
    }

    // ---- bad arguments -----------------------------------------------------------------------------

    private static List<Bad> bad(Call c, Param p) {
        List<Bad> out = new ArrayList<>();
        String call = rulesName(c);
        String n = p.name();
        PType t = p.type();
        String g = t.constantGroup() == null ? "" : t.constantGroup();
        boolean lapi = c.api().equals("LAPI");
        switch (t.kind()) {
            case HANDLE -> {
                handleCases(c, p, out);
                if (t.handleKind() == HandleKind.DATATYPE && c.inputs().stream().anyMatch(q -> q.type().kind() == PType.Kind.ADDR)
                        && !call.startsWith("MPI_Type_") && !call.equals("MPI_Get_count") && !call.equals("MPI_Get_elements")) {
                    out.add(new Bad(n, "an uncommitted datatype", new Deferred(f -> f.uncommitted), ErrorClass.MPI_ERR_TYPE));
                }
            }
            case HANDLE_ARRAY -> {
                int cls = invalidHandleClass(t.handleKind());
                if (t.handleKind() == HandleKind.REQUEST) {
                    out.add(new Bad(n, "[freed request]", new Deferred(f -> List.of(f.freedReq)), cls));
                    out.add(new Bad(n, "[MPI_COMM_WORLD]", List.of("MPI_COMM_WORLD"), cls));
                } else {
                    out.add(new Bad(n, "[MPI_DATATYPE_NULL]", List.of("MPI_DATATYPE_NULL"), cls));
                    out.add(new Bad(n, "[freed type]", new Deferred(f -> List.of(f.freedType)), cls));
                }
            }
            case INT, LONG -> {
                if (g.equals("rank")) {
                    out.add(new Bad(n, "2 (job of 2)", 2L, ErrorClass.MPI_ERR_RANK));
                    out.add(new Bad(n, "-7", -7L, ErrorClass.MPI_ERR_RANK));
                } else if (g.equals("tag")) {
                    out.add(new Bad(n, "-7", -7L, ErrorClass.MPI_ERR_TAG));
                    if (MpiConst.TAG_UB < Integer.MAX_VALUE) out.add(new Bad(n, "MPI_TAG_UB+1", (long) MpiConst.TAG_UB + 1, ErrorClass.MPI_ERR_TAG));
                } else if (g.equals("task")) {
                    out.add(new Bad(n, "2 (job of 2)", 2L, LapiErrors.TGT));
                    out.add(new Bad(n, "-1", -1L, LapiErrors.TGT));
                } else if (g.equals("lapi_handle")) {
                    if (!(call.equals("LAPI_Util"))) {
                        out.add(new Bad(n, "99", 99L, LapiErrors.HNDL_INVALID));
                        out.add(new Bad(n, "a terminated handle", new Deferred(f -> (long) f.termHndl), LapiErrors.HNDL_INVALID));
                    }
                } else if (g.equals("lapi_query")) {
                    out.add(new Bad(n, "999", 999L, LapiErrors.QUERY_TYPE));
                } else if (g.equals("lapi_rmw_op")) {
                    out.add(new Bad(n, "99", 99L, LapiErrors.RMW_OP));
                } else if (g.equals("locktype")) {
                    out.add(new Bad(n, "99", 99L, ErrorClass.MPI_ERR_LOCKTYPE));
                } else if (g.equals("assert")) {
                    out.add(new Bad(n, "0x40000000 (no such assertion)", 0x40000000L, ErrorClass.MPI_ERR_ASSERT));
                } else if (n.startsWith("max_")) { // MPI_Type_get_contents: room for fewer than the envelope has
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.contains("count") && !lapi) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_COUNT));
                    boolean buffer = c.inputs().stream().anyMatch(q -> q.type().kind() == PType.Kind.ADDR);
                    if (buffer && !call.equals("MPI_Pack_size")) {
                        // more data than any buffer holds: the count times the extent must not overflow into a small size.
                        // RMA (R19, R21): a put-like origin larger than the target is MPI_ERR_TRUNCATE, as is a get-like
                        // target larger than the origin; a target past the window is MPI_ERR_RMA_RANGE.
                        boolean getLike = call.equals("MPI_Get") || call.equals("MPI_Rget");
                        int cls = n.equals("target_count") ? (getLike ? ErrorClass.MPI_ERR_TRUNCATE : ErrorClass.MPI_ERR_RMA_RANGE)
                                : n.equals("origin_count") && c.family().equals("rma") && !getLike ? ErrorClass.MPI_ERR_TRUNCATE
                                : ErrorClass.MPI_ERR_BUFFER;
                        out.add(new Bad(n, "2^31-1", (long) Integer.MAX_VALUE, cls));
                    }
                } else if (n.equals("root")) {
                    out.add(new Bad(n, "2 (job of 2)", 2L, ErrorClass.MPI_ERR_ROOT));
                    out.add(new Bad(n, "-7", -7L, ErrorClass.MPI_ERR_ROOT));
                } else if (g.equals("splittype")) { // MPI-4.1 7.4.2: the four values the standard defines, nothing else
                    out.add(new Bad(n, "77 (no such split type)", 77L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("disp_unit")) {
                    out.add(new Bad(n, "0", 0L, ErrorClass.MPI_ERR_DISP));
                } else if (n.equals("target_disp")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_DISP));
                    out.add(new Bad(n, "past the window", 1L << 20, ErrorClass.MPI_ERR_RMA_RANGE));
                    if (call.equals("MPI_Fetch_and_op") || call.equals("MPI_Compare_and_swap") || call.contains("ccumulate")) {
                        // the standard asks only that the target lie in the window (R21); the element is updated atomically anyway
                        out.add(new Bad(n, "1 (misaligned int)", 1L, SUCCEEDS));
                    }
                } else if (n.equals("size") && !lapi) {
                    boolean buffer = call.contains("attach_buffer") || call.equals("MPI_Buffer_attach");
                    out.add(new Bad(n, "-1", -1L, buffer ? ErrorClass.MPI_ERR_BUFFER : ErrorClass.MPI_ERR_SIZE));
                } else if ((n.equals("len") || n.equals("udata_len")) && lapi) {
                    out.add(new Bad(n, "-1", -1L, LapiErrors.DATA_LEN));
                    out.add(new Bad(n, "MAX_DATA_SZ+1", (long) LapiConst.MAX_DATA_SZ + 1, LapiErrors.DATA_LEN));
                } else if (n.equals("uhdr_len")) {
                    out.add(new Bad(n, "4 (not a multiple of 8)", 4L, LapiErrors.UHDR_LEN));   // L30
                    out.add(new Bad(n, "MAX_UHDR_SZ+8", (long) LapiConst.MAX_UHDR_SZ + 8, LapiErrors.UHDR_LEN));
                } else if (n.equals("addr_hndl")) {
                    out.add(new Bad(n, "0", 0L, LapiErrors.ADDR_HNDL_RANGE));
                    out.add(new Bad(n, "LOC_ADDRTBL_SZ", (long) LapiConst.LOC_ADDRTBL_SZ, LapiErrors.ADDR_HNDL_RANGE));
                } else if (n.equals("n") && call.startsWith("MPI_Group")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (call.equals("LAPI_Nopoll_wait") && n.equals("val")) {
                    out.add(new Bad(n, "0", 0L, LapiErrors.CNTR_VAL));
                } else if (call.equals("MPI_Info_get_nthkey") && n.equals("n")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "past the last key", 5L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("n") && call.equals("MPI_Session_get_nth_pset")) {
                    // MPI-4.1 11.3.2: n runs from 0 to the number of process sets minus one (3 here: WORLD, SELF, node 0)
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "3 (past the last process set)", 3L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("partitions")) {
                    // MPI-4.1 4.2.2: a partitioned message has at least one partition
                    out.add(new Bad(n, "0", 0L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.endsWith("_leader") && call.equals("MPI_Intercomm_create_from_groups")) {
                    // MPI-4.1 7.6.2: a leader is a rank of its group (the fixture's groups have 2 processes)
                    out.add(new Bad(n, "2 (group of 2)", 2L, ErrorClass.MPI_ERR_RANK));
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_RANK));
                } else if (n.equals("pset_len")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("valuelen") && call.equals("MPI_Info_get")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("argc") && call.equals("MPI_Info_create_env")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "2 with argv NULL", 2L, ErrorClass.MPI_ERR_ARG)); // argv is NULL in every case
                } else if (n.equals("required") && call.equals("MPI_Init_thread")) {
                    // MPI-4.1 11.2.3: the four levels are 0..3 (Open MPI refuses 7); checked before "already initialized"
                    out.add(new Bad(n, "7 (no such level)", 7L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("buflen")) {
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                } else if (n.equals("error_code") && lapi) {
                    out.add(new Bad(n, "99999", 99999L, LapiErrors.CODE_UNKNOWN));
                } else if ((n.equals("errorcode") || n.equals("errorclass")) && !call.contains("call_errhandler") && !call.equals("MPI_Abort")) {
                    // A58, A60: not a code or class; a predefined one cannot be removed
                    out.add(new Bad(n, "99999 (no such code)", 99999L, ErrorClass.MPI_ERR_ARG));
                    out.add(new Bad(n, "-1", -1L, ErrorClass.MPI_ERR_ARG));
                    if (call.startsWith("MPI_Remove_error")) out.add(new Bad(n, "MPI_ERR_OTHER (predefined)", (long) ErrorClass.MPI_ERR_OTHER, ErrorClass.MPI_ERR_ARG));
                }
            }
            case ADDR -> addressCases(c, p, out);
            case STRING -> {
                if (call.startsWith("MPI_Info_") && n.equals("key")) {
                    out.add(new Bad(n, "MPI_MAX_INFO_KEY+1 characters", "k".repeat(256), ErrorClass.MPI_ERR_INFO_KEY));
                    out.add(new Bad(n, "an empty key", "", ErrorClass.MPI_ERR_INFO_KEY));
                }
                if (n.equals("pset_name")) {
                    out.add(new Bad(n, "a process set that does not exist", "mpi://NOWHERE", ErrorClass.MPI_ERR_ARG));
                    // one node in the fixture's job: mpish://node/0 is its only node set
                    out.add(new Bad(n, "a node that does not exist", "mpish://node/1", ErrorClass.MPI_ERR_ARG));
                }
                if (call.equals("MPI_Info_set") && n.equals("value")) {
                    out.add(new Bad(n, "MPI_MAX_INFO_VAL+1 characters", "v".repeat(1025), ErrorClass.MPI_ERR_INFO_VALUE));
                }
            }
            case VALUE -> {
                if (call.equals("LAPI_Address") && n.equals("my_addr")) out.add(new Bad(n, "NULL", 0L, LapiErrors.ORG_ADDR_NULL));
            }
            case CALLBACK -> {
                if (t.constantGroup().equals("errhandlerfn")) out.add(new Bad(n, "NULL", null, ErrorClass.MPI_ERR_ARG));
                // MPI-4.1 13.2: a generalized request needs all three functions (the standard has no predefined ones)
                if (t.constantGroup().equals("grequestfn")) out.add(new Bad(n, "NULL", null, ErrorClass.MPI_ERR_ARG));
            }
            case INT_ARRAY -> {
                if (n.startsWith("ranks")) out.add(new Bad(n, "[2] (job of 2)", List.of(2L), ErrorClass.MPI_ERR_RANK));
                if (n.equals("ranges")) {
                    // MPI-4.1 7.3.2: every rank a range names lies in the group; the stride is never 0
                    out.add(new Bad(n, "(0, 2, 1) (job of 2)", List.of(0L, 2L, 1L), ErrorClass.MPI_ERR_RANK));
                    out.add(new Bad(n, "(0, 1, 0) (stride 0)", List.of(0L, 1L, 0L), ErrorClass.MPI_ERR_ARG));
                }
            }
            case STRUCT -> {
                if (call.equals("LAPI_Xfer")) xferCases(out);
                if (n.endsWith("_vec")) {
                    boolean org = n.startsWith("org");
                    out.add(new Bad(n, "NULL", null, org ? LapiErrors.ORG_VEC_NULL : LapiErrors.TGT_VEC_NULL));
                    out.add(new Bad(n, "vec_type 7", Map.of("vec_type", 7L, "num_vecs", 1L, "info", List.of(0L), "len", List.of(8L)),
                            org ? LapiErrors.ORG_VEC_TYPE : LapiErrors.TGT_VEC_TYPE));
                    out.add(new Bad(n, "piece at NULL", Map.of("vec_type", 0L, "num_vecs", 1L, "info", List.of(0L), "len", List.of(8L)),
                            org ? LapiErrors.ORG_VEC_ADDR : LapiErrors.TGT_VEC_ADDR));
                }
                if (call.equals("LAPI_Util")) out.add(new Bad(n, "Util_type 99", Map.of("Util_type", 99L), LapiErrors.UTIL_CMD));
                if (call.equals("LAPI_Init")) { // L1: unused fields must be zero
                    out.add(new Bad(n, "info6 5", Map.of("info6", 5L), LapiErrors.INFO_NONZERO));
                    out.add(new Bad(n, "lib_vers 99", Map.of("lib_vers", 99L), LapiErrors.INFO_NONZERO));
                }
            }
            default -> { }
        }
        return out;
    }

    /**
     * The class of an invalid handle, written from the standard's table of error classes (MPI 4.1 section 9.4,
     * "Invalid communicator", "Invalid group", ...), not taken from the runtime: a wrong mapping there is caught here.
     */
    static int invalidHandleClass(HandleKind k) {
        return switch (k) {
            case COMM -> ErrorClass.MPI_ERR_COMM;             // invalid communicator
            case GROUP -> ErrorClass.MPI_ERR_GROUP;           // invalid group
            case DATATYPE -> ErrorClass.MPI_ERR_TYPE;         // invalid datatype
            case WIN -> ErrorClass.MPI_ERR_WIN;               // invalid window object
            case KEYVAL -> ErrorClass.MPI_ERR_KEYVAL;         // invalid keyval
            case ERRHANDLER -> ErrorClass.MPI_ERR_ERRHANDLER; // invalid error handler (MPI 4.0)
            case REQUEST -> ErrorClass.MPI_ERR_REQUEST;       // invalid request
            case OP -> ErrorClass.MPI_ERR_OP;                 // invalid operation
            case INFO -> ErrorClass.MPI_ERR_INFO;             // invalid info object
            // the table has no class of its own for a message handle: MPICH answers MPI_ERR_REQUEST (MPIR_ERRTEST_MESSAGE_NULL)
            case MESSAGE -> ErrorClass.MPI_ERR_REQUEST;
            case SESSION -> ErrorClass.MPI_ERR_SESSION;       // invalid session (MPI 4.0)
        };
    }

    private static void handleCases(Call c, Param p, List<Bad> out) {
        String call = rulesName(c);
        String n = p.name();
        HandleKind k = p.type().handleKind();
        int cls = invalidHandleClass(k);
        boolean nullLegal = k == HandleKind.INFO && !call.startsWith("MPI_Info_")
                || k == HandleKind.REQUEST && (call.equals("MPI_Wait") || call.equals("MPI_Test")
                        || call.equals("MPI_Request_get_status")); // MPI-4.1 3.7 (MPI_REQUEST_GET_STATUS): a null request gives flag = true, an empty status
        if (!nullLegal) out.add(new Bad(n, k.nullName(), k.nullName(), cls));
        Deferred freed = switch (k) {
            case COMM -> new Deferred(f -> f.freedComm);
            case GROUP -> new Deferred(f -> f.freedGroup);
            case DATATYPE -> new Deferred(f -> f.freedType);
            case WIN -> new Deferred(f -> f.freedWin);
            case KEYVAL -> new Deferred(f -> call.startsWith("MPI_Win_") ? f.freedWinKv : call.startsWith("MPI_Type_") ? f.freedTypeKv : f.freedKv);
            case ERRHANDLER -> new Deferred(f -> f.freedEh);
            case INFO -> new Deferred(f -> f.freedInfo);
            case REQUEST -> new Deferred(f -> f.freedReq);
            case SESSION -> new Deferred(f -> f.freedSession); // a session used after MPI_Session_finalize
            default -> null;
        };
        if (freed != null && !(k == HandleKind.ERRHANDLER && !call.equals("MPI_Errhandler_free"))) {
            out.add(new Bad(n, "a freed " + k.noun(), freed, cls));
        }
        if (call.equals("MPI_Grequest_complete")) { // MPI-4.1 13.2: only a request MPI_Grequest_start made
            out.add(new Bad(n, "an MPI_Isend request (not generalized)", new Deferred(f -> f.req), ErrorClass.MPI_ERR_REQUEST));
        }
        Object other = k == HandleKind.COMM ? "MPI_INT" : "MPI_COMM_WORLD";
        out.add(new Bad(n, "a " + (k == HandleKind.COMM ? "datatype" : "communicator") + " (wrong kind)", other, cls));
        if (k == HandleKind.KEYVAL) {
            // A2: a keyval made for another kind of object
            Deferred wrong = new Deferred(f -> call.startsWith("MPI_Win_") ? f.commKv : f.winKv);
            out.add(new Bad(n, "a keyval of another object kind", wrong, ErrorClass.MPI_ERR_KEYVAL));
            out.add(new Bad(n, "12345 (no such keyval)", 12345L, ErrorClass.MPI_ERR_KEYVAL));
        }
    }

    private static void addressCases(Call c, Param p, List<Bad> out) {
        String call = rulesName(c);
        String n = p.name();
        if (c.api().equals("LAPI")) {
            int code = switch (n) {
                case "tgt_addr" -> LapiErrors.TGT_ADDR_NULL;
                case "org_addr", "udata" -> LapiErrors.ORG_ADDR_NULL;
                case "tgt_cntr", "org_cntr", "cmpl_cntr", "cntr", "cntr_ptr" -> LapiErrors.CNTR_NULL;
                case "tgt_var" -> LapiErrors.TGT_VAR_NULL;
                case "in_val" -> LapiErrors.IN_VAL_NULL;
                case "prev_tgt_val", "dest_status" -> LapiErrors.RET_PTR_NULL;
                case "uhdr" -> -1;
                default -> -1;
            };
            if (code < 0) return;
            out.add(new Bad(n, "an address outside memory", NOWHERE, code));
            boolean nullLegal = Set.of("tgt_cntr", "org_cntr", "cmpl_cntr", "prev_tgt_val", "dest_status").contains(n);
            if (!nullLegal) out.add(new Bad(n, "NULL", 0L, code));
            // (not for the waits: a good counter there is waited on, for ever)
            if (Set.of("tgt_var", "cntr", "cntr_ptr").contains(n) && !call.endsWith("wait") && !call.endsWith("waitcntr")) {
                // LAPI's error list has no alignment code; a counter or an RMW variable at any address in memory is used as it is
                out.add(new Bad(n, "a misaligned address", new Deferred(f -> (n.equals("tgt_var") ? f.buf1 : f.buf + 2048) + 3), SUCCEEDS));
            }
            return;
        }
        if (call.equals("MPI_Win_detach")) {
            out.add(new Bad(n, "an address never attached", NOWHERE, ErrorClass.MPI_ERR_BASE));
            return;
        }
        if (call.equals("MPI_Get_address")) return; // as in C, it takes any location and cannot fail
        if (call.equals("MPI_Free_mem")) { // R59: a bad base for MPI_Free_mem is MPI_ERR_BASE
            out.add(new Bad(n, "an address outside memory", NOWHERE, ErrorClass.MPI_ERR_BASE));
            out.add(new Bad(n, "NULL", 0L, ErrorClass.MPI_ERR_BASE));
            out.add(new Bad(n, "the last byte of a block", new Deferred(f -> f.buf + 4095), ErrorClass.MPI_ERR_BASE));
            return;
        }
        int cls = call.equals("MPI_Win_create") ? ErrorClass.MPI_ERR_ARG // R60: MPICH's class for a bad base
                : call.equals("MPI_Win_attach") ? ErrorClass.MPI_ERR_RMA_ATTACH
                : ErrorClass.MPI_ERR_BUFFER;
        out.add(new Bad(n, "an address outside memory", NOWHERE, cls));
        out.add(new Bad(n, "NULL", 0L, cls));
        out.add(new Bad(n, "the last byte of a block", new Deferred(f -> f.buf + 4095), cls));
    }

    private static void xferCases(List<Bad> out) {
        out.add(new Bad("xfer_cmd", "NULL", null, LapiErrors.XFER_CMD));
        out.add(new Bad("xfer_cmd", "Xfer_type 99", new Deferred(f -> xfer(f, "Xfer_type", 99L)), LapiErrors.XFER_CMD));
        out.add(new Bad("xfer_cmd", "tgt 2", new Deferred(f -> xfer(f, "tgt", 2L)), LapiErrors.TGT));
        out.add(new Bad("xfer_cmd", "len -1", new Deferred(f -> xfer(f, "len", -1L)), LapiErrors.DATA_LEN));
        out.add(new Bad("xfer_cmd", "tgt_addr outside memory", new Deferred(f -> xfer(f, "tgt_addr", NOWHERE)), LapiErrors.TGT_ADDR_NULL));
        out.add(new Bad("xfer_cmd", "org_addr NULL", new Deferred(f -> xfer(f, "org_addr", 0L)), LapiErrors.ORG_ADDR_NULL));
        out.add(new Bad("xfer_cmd", "tgt_cntr outside memory", new Deferred(f -> xfer(f, "tgt_cntr", NOWHERE)), LapiErrors.CNTR_NULL));
        out.add(new Bad("xfer_cmd", "org_cntr outside memory", new Deferred(f -> xfer(f, "org_cntr", NOWHERE)), LapiErrors.CNTR_NULL));
        out.add(new Bad("xfer_cmd", "GET tgt -1", new Deferred(f -> { var m = xfer(f, "tgt", -1L); m.put("Xfer_type", "LAPI_GET_XFER"); return m; }), LapiErrors.TGT));
        out.add(new Bad("xfer_cmd", "RMW size 16", new Deferred(f -> rmw(f, "size", 16L)), LapiErrors.OP_SZ));
        out.add(new Bad("xfer_cmd", "RMW op 99", new Deferred(f -> rmw(f, "op", 99L)), LapiErrors.RMW_OP));
        out.add(new Bad("xfer_cmd", "RMW tgt_var NULL", new Deferred(f -> rmw(f, "tgt_var", 0L)), LapiErrors.TGT_VAR_NULL));
        out.add(new Bad("xfer_cmd", "RMW in_val NULL", new Deferred(f -> rmw(f, "in_val", 0L)), LapiErrors.IN_VAL_NULL));
        out.add(new Bad("xfer_cmd", "AM uhdr_len 4", new Deferred(f -> am(f, "uhdr_len", 4L)), LapiErrors.UHDR_LEN));
        out.add(new Bad("xfer_cmd", "AM uhdr_len MAX_UHDR_SZ+8", new Deferred(f -> am(f, "uhdr_len", (long) LapiConst.MAX_UHDR_SZ + 8)), LapiErrors.UHDR_LEN));
        out.add(new Bad("xfer_cmd", "AM udata_len -1", new Deferred(f -> am(f, "udata_len", -1L)), LapiErrors.DATA_LEN));
    }

    private static Map<String, Object> xfer(Fix f, String field, Object v) {
        Map<String, Object> m = goodStruct(f, "LAPI_Xfer", "xfer_cmd");
        m.put(field, v);
        return m;
    }

    private static Map<String, Object> rmw(Fix f, String field, Object v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Xfer_type", "LAPI_RMW_XFER");
        m.put("op", 0L);
        m.put("tgt", 1L);
        m.put("size", 32L);
        m.put("tgt_var", f.buf1);
        m.put("in_val", f.buf);
        m.put(field, v);
        return m;
    }

    private static Map<String, Object> am(Fix f, String field, Object v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("Xfer_type", "LAPI_AM_XFER");
        m.put("tgt", 1L);
        m.put("hdr_hdl", fn());
        m.put("uhdr", f.buf);
        m.put("uhdr_len", 8L);
        m.put("udata", f.buf);
        m.put("udata_len", 8L);
        m.put(field, v);
        return m;
    }

    /** A bad value that depends on the job's fixture (a freed handle of this job, an address in its memory). */
    record Deferred(java.util.function.Function<Fix, Object> make) {}
}
