package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;
import org.mpish.runtime.catalog.Dir;
import org.mpish.runtime.catalog.Engine;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Status;

/**
 * Runs the catalogue's MPI calls on a real MPI library: the C function of the same name, called through a
 * downcall derived from the call's declaration (each parameter's C type and direction), once per call name.
 * One engine per process: the process is one MPI rank, and its job has one {@link Rank} (whose memory holds the
 * script's buffers, so addresses are checked as in-process before any call).
 *
 * <p>Conversions: handles are {@link NativeHandle}s; error classes are shown in mpish's numbering (so messages and
 * {@code MPI.ERR_*} read the same on every engine) and translated by name at the boundary; other constants
 * are the library's own values. Script values stored as attributes, and extra states, go to the library as
 * small integers that stand for them ({@link Values}).
 */
public final class NativeEngine implements Engine {
    /** Calls allowed before MPI_Init and after MPI_Finalize (the Invoker's list). */
    private static final Set<String> ALWAYS_ALLOWED = Set.of("MPI_Initialized", "MPI_Finalized", "MPI_Error_class",
            "MPI_Error_string", "MPI_Get_version", "MPI_Get_library_version", "MPI_Init", "MPI_Init_thread", "MPI_Wtime", "MPI_Wtick");

    final NativeLib lib;
    final Catalogue catalogue;
    private final int worldRank;
    /** Per call (the catalogue's Call objects live as long as the process): its downcall and conversion plan. */
    private final Map<Call, Plan> plans = new ConcurrentHashMap<>();
    /** The plans met last, by the call's identity hash: a hit skips the map (a loop makes the same few calls). */
    private final Plan[] recentPlans = new Plan[64];
    private final Map<String, MethodHandle> helpers = new ConcurrentHashMap<>();
    final Values values = new Values();
    final Upcalls upcalls;
    private final ErrorClasses errors;
    /** Dynamic windows' companions (target addresses translated per access). */
    private final DynamicWindows dynamic;
    private boolean initialized;
    /** Memory the library allocated (MPI_Win_allocate), or a peer's segment (MPI_Win_shared_query), by the window it belongs to. */
    private final Map<Handle, List<Long>> windowMemory = new ConcurrentHashMap<>();

    /** The signatures of the helpers called on every buffer or status (built once: building one per call cost more than the call). */
    final FunctionDescriptor fdTypeExtent, fdCommSize, fdGetElements, fdTestCancelled, fdSetElements, fdSetCancelled;

    /** MPI_BYTE as the downcall takes it (statuses are read and written in bytes). */
    final Object byteArg;
    private final long byteRaw;

    public NativeEngine(NativeLib lib, Catalogue catalogue, int worldRank) {
        this.lib = lib;
        this.byteArg = handleArg(HandleKind.DATATYPE, lib.rawOf("MPI_BYTE"));
        this.byteRaw = lib.rawOf("MPI_BYTE");
        ValueLayout dt = lib.handleLayout(HandleKind.DATATYPE), I = ValueLayout.JAVA_INT, A = ValueLayout.ADDRESS;
        this.fdTypeExtent = FunctionDescriptor.of(I, dt, A, A);
        this.fdCommSize = FunctionDescriptor.of(I, lib.handleLayout(HandleKind.COMM), A);
        this.fdGetElements = FunctionDescriptor.of(I, A, dt, A);
        this.fdTestCancelled = FunctionDescriptor.of(I, A, A);
        this.fdSetElements = FunctionDescriptor.of(I, A, dt, ValueLayout.JAVA_LONG);
        this.fdSetCancelled = FunctionDescriptor.of(I, A, I);
        this.catalogue = catalogue;
        this.worldRank = worldRank;
        this.errors = new ErrorClasses(lib, catalogue);
        this.upcalls = new Upcalls(this);
        this.dynamic = new DynamicWindows(this);
        errors.attach(this);
    }

    public NativeLib lib() { return lib; }
    public int worldRank() { return worldRank; }

    // ---- constants -------------------------------------------------------------------------------

    @Override
    public Object constant(Rank rank, Constant c) {
        if (!c.api().equals("MPI")) return c.value().apply(rank);
        if ("errorclass".equals(c.group())) return c.value().apply(rank); // mpish's numbering (see the class comment)
        return lib.cachedConstant(c.name(), n -> resolve(rank, c));
    }

    private Object resolve(Rank rank, Constant c) {
        Long raw = lib.rawOf(c.name());
        if (raw == null) return null; // not in this implementation: undefined
        HandleKind k = kindOfGroup(c.group());
        if (k != null) return lib.predefined(k, c.name(), raw);
        Abi.Const a = lib.abi.constant(c.name());
        if (a.kind() == 'p') {
            return switch (c.group()) {
                case "copyfn", "deletefn", "errhandlerfn", "userfn" -> new NativeFunction(c.name(), raw);
                default -> raw; // MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE: passed as they are
            };
        }
        return raw >= Integer.MIN_VALUE && raw <= Integer.MAX_VALUE ? (Object) (int) (long) raw : raw;
    }

    static HandleKind kindOfGroup(String group) {
        if (group == null) return null;
        for (HandleKind k : HandleKind.values()) if (k.prefix().equals(group)) return k;
        return null;
    }

    // ---- calls ---------------------------------------------------------------------------------

    @Override
    public Object[] invoke(Rank rank, Call call, Object[] in) {
        if (!call.api().equals("MPI")) {
            throw new ArgError(call.name() + ": LAPI needs the in-process engine (run the script without --mpi)");
        }
        upcalls.rank = rank;
        if (scratchOwner == null) {
            ownScratch = Scratch.get();
            scratchOwner = Thread.currentThread();
        }
        if (!initialized && !ALWAYS_ALLOWED.contains(call.name())) initImplicitly(rank);
        int slot = System.identityHashCode(call) & (recentPlans.length - 1);
        Plan plan = recentPlans[slot];
        if (plan == null || plan.call != call) plan = plans.get(call);
        if (plan == null) {
            if (!lib.has(call.name())) {
                // Open MPI's mpi.h makes these two macros (no symbol): the arithmetic the standard defines them as
                if (call.name().equals("MPI_Aint_add")) return new Object[] {((Number) in[0]).longValue() + ((Number) in[1]).longValue()};
                if (call.name().equals("MPI_Aint_diff")) return new Object[] {((Number) in[0]).longValue() - ((Number) in[1]).longValue()};
                if (call.name().equals("MPI_Info_get_string") && lib.has("MPI_Info_get")) return infoGetString(rank, in);
                // a call newer than the library (MPI_Buffer_iflush is MPI-4.1)
                throw new ArgError(lib.impl() + " (" + lib.version().replaceAll("\\s+", " ") + ") does not have this call");
            }
            plan = plans.computeIfAbsent(call, c -> new Plan(spread(lib.downcall(c.name(), descriptor(c))), c));
        }
        recentPlans[slot] = plan;
        MethodHandle mh = plan.downcall;
        Scratch scratch = Thread.currentThread() == scratchOwner ? ownScratch : Scratch.get();
        long mark = scratch.mark();
        NativeCall nc = new NativeCall(this, plan, rank, call, in, scratch);
        Object[] outputs = null;
        try {
            Object[] cargs = nc.arguments();
            if (dynamic.any()) nc.dynamicTarget(cargs, dynamic);
            Object result;
            try {
                result = (Object) mh.invokeExact(cargs);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(call.name() + ": " + t, t);
            }
            try {
                upcalls.rethrowPending();
            } catch (MpiException e) { // a callback failed: named by the MPI rank (this process's one Rank is 0 of its job)
                throw e.at(call.name(), worldRank);
            }
            if (plan.returnsInt) {
                int rc = (Integer) result;
                if (rc != 0) throw errors.fromCode(rc, call.name(), worldRank);
            }
            switch (call.name()) {
                case "MPI_Init", "MPI_Init_thread" -> initialized = true;
                case "MPI_Free_mem" -> { // memory MPI_Alloc_mem mapped into the rank's address space
                    try {
                        rank.memory().unmap(((Number) in[0]).longValue());
                    } catch (MemoryFault notMapped) {
                        // the library checked the address; a block of the rank's own stays
                    }
                }
                default -> { }
            }
            outputs = nc.outputs(result);
            if (plan.trimmed) trim(rank, call.name(), in, outputs);
            switch (call.name()) {
                case "MPI_Win_create_dynamic" -> dynamic.created((Handle) outputs[0], (Handle) in[1]);
                case "MPI_Win_attach" -> {
                    long base = ((Number) in[1]).longValue(), size = ((Number) in[2]).longValue();
                    dynamic.attached((Handle) in[0], base, nativeAddress(rank.memory(), base, size), size);
                }
                case "MPI_Win_detach" -> dynamic.detached((Handle) in[0], ((Number) in[1]).longValue());
                case "MPI_Win_free" -> dynamic.freed((Handle) in[0]);
                default -> { }
            }
            return outputs;
        } catch (DynamicWindows.NotAttached n) {
            throw raise(rank, call, in, ErrorClass.MPI_ERR_RMA_RANGE, n.getMessage());
        } catch (MemoryFault f) {
            // the process's one Rank is rank 0 of its job: the message names the MPI rank instead
            String m = f.getMessage().replace(" rank " + rank.id(), " rank " + worldRank);
            throw raise(rank, call, in, ErrorClass.MPI_ERR_BUFFER, m);
        } catch (IllegalArgumentException e) {
            throw new ArgError(e.getMessage());
        } finally {
            scratch.release(mark);
            nc.keepArrays(outputs);
        }
    }

    /**
     * The arrays a topology query fills only in part: C is given room for max entries and writes as many as the
     * topology has, so the rest are not values; the script gets those written, as in-process. How many comes from
     * the library's own count query.
     */
    private void trim(Rank rank, String name, Object[] in, Object[] outputs) {
        switch (name) {
            case "MPI_Graph_neighbors" -> {
                int n = intOf(invoke(rank, catalogue.call("MPI_Graph_neighbors_count"), new Object[] {in[0], in[1]})[0]);
                outputs[0] = cut(outputs[0], n);
            }
            case "MPI_Graph_get" -> {
                Object[] dims = invoke(rank, catalogue.call("MPI_Graphdims_get"), new Object[] {in[0]});
                outputs[0] = cut(outputs[0], intOf(dims[0]));
                outputs[1] = cut(outputs[1], intOf(dims[1]));
            }
            case "MPI_Dist_graph_neighbors" -> {
                Object[] deg = invoke(rank, catalogue.call("MPI_Dist_graph_neighbors_count"), new Object[] {in[0]});
                int indegree = intOf(deg[0]), outdegree = intOf(deg[1]);
                outputs[0] = cut(outputs[0], indegree);
                outputs[1] = cut(outputs[1], indegree);
                outputs[2] = cut(outputs[2], outdegree);
                outputs[3] = cut(outputs[3], outdegree);
            }
            case "MPI_Cart_get" -> {
                int n = intOf(invoke(rank, catalogue.call("MPI_Cartdim_get"), new Object[] {in[0]})[0]);
                for (int i = 0; i < outputs.length; i++) outputs[i] = cut(outputs[i], n);
            }
            default -> { }
        }
    }

    private static int intOf(Object o) { return ((Number) o).intValue(); }

    private static Object cut(Object array, int n) {
        if (array instanceof int[] a && n >= 0 && n < a.length) return java.util.Arrays.copyOf(a, n);
        if (array instanceof boolean[] b && n >= 0 && n < b.length) return java.util.Arrays.copyOf(b, n);
        if (array instanceof Object[] o && n >= 0 && n < o.length) return java.util.Arrays.copyOf(o, n);
        return array;
    }

    /** How many requests hold arrays now (for tests: each completed request gives its arrays back). */
    int holding;

    /** Arrays of operations freed while running (MPI_Request_free): nothing says when the library is done with them. */
    private final List<Arena> keptForever = new ArrayList<>();

    void keepForever(Arena a) {
        synchronized (keptForever) {
            keptForever.add(a);
        }
    }

    /**
     * MPI_Info_get_string (MPI-4.0) on a library without it (Open MPI 4.1.4), from the two MPI-3.1 calls it replaces:
     * the value's length, then the value, cut to buflen - 1 characters; buflen comes back as the length + 1.
     */
    private Object[] infoGetString(Rank rank, Object[] in) {
        int buflen = ((Number) in[2]).intValue();
        Object[] len = invoke(rank, catalogue.call("MPI_Info_get_valuelen"), new Object[] {in[0], in[1]});
        if (!Boolean.TRUE.equals(len[1])) return new Object[] {buflen, null, false};
        int n = ((Number) len[0]).intValue();
        String v = (String) invoke(rank, catalogue.call("MPI_Info_get"), new Object[] {in[0], in[1], n})[0];
        String cut = buflen <= 0 ? "" : v.length() >= buflen ? v.substring(0, buflen - 1) : v;
        return new Object[] {n + 1, cut, true};
    }

    /** The scratch memory of the thread that made the first call (the rank's), kept here: no ThreadLocal lookup per call. */
    private Thread scratchOwner;
    private Scratch ownScratch;

    /** A call before MPI_Init: initializes MPI first, as the in-process runtime and mpi4py do. */
    private void initImplicitly(Rank rank) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment flag = a.allocate(ValueLayout.JAVA_INT);
            call("MPI_Initialized", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS), flag);
            if (flag.get(ValueLayout.JAVA_INT, 0) == 0) {
                int rc = (Integer) call("MPI_Init", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
                        MemorySegment.NULL, MemorySegment.NULL);
                if (rc != 0) throw errors.fromCode(rc, "MPI_Init", worldRank);
            }
            initialized = true;
        }
    }

    /** Whether MPI is initialized and not yet finalized (for the runner's MPI_Finalize at the end of a script). */
    public boolean needsFinalize() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment flag = a.allocate(ValueLayout.JAVA_INT);
            call("MPI_Initialized", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS), flag);
            if (flag.get(ValueLayout.JAVA_INT, 0) == 0) return false;
            call("MPI_Finalized", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS), flag);
            return flag.get(ValueLayout.JAVA_INT, 0) == 0;
        }
    }

    /** MPI_Abort(MPI_COMM_WORLD, code): ends every process of the launch. */
    public void abort(int code) {
        call("MPI_Abort", FunctionDescriptor.of(ValueLayout.JAVA_INT, lib.handleLayout(HandleKind.COMM), ValueLayout.JAVA_INT),
                handleArg(HandleKind.COMM, lib.rawOf("MPI_COMM_WORLD")), code);
    }

    /** The downcall taking its arguments as one Object[] (invokeExact on it is far cheaper than invokeWithArguments). */
    private static MethodHandle spread(MethodHandle mh) {
        int n = mh.type().parameterCount();
        return mh.asSpreader(Object[].class, n).asType(java.lang.invoke.MethodType.methodType(Object.class, Object[].class));
    }

    /**
     * A direct call of a library function not in the catalogue form (helpers: extents, error strings). Keyed by the
     * name alone (each helper is always called with the same signature): building the key from the descriptor
     * cost more than the call.
     */
    Object call(String name, FunctionDescriptor fd, Object... args) {
        MethodHandle mh = helpers.get(name);
        if (mh == null) mh = helpers.computeIfAbsent(name, n -> spread(lib.downcall(name, fd)));
        try {
            return (Object) mh.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(name + ": " + t, t);
        }
    }

    /**
     * MPI_Get_elements_x(status, MPI_BYTE, &count) and MPI_Test_cancelled(status, &flag), which every status read
     * makes: typed handles (no argument array, no boxing), made on first use.
     */
    private MethodHandle getElementsX, testCancelled;

    void readStatus(MemorySegment status, MemorySegment count, MemorySegment flag) {
        try {
            if (getElementsX == null) {
                getElementsX = java.lang.invoke.MethodHandles.explicitCastArguments(lib.downcall("MPI_Get_elements_x", fdGetElements),
                        java.lang.invoke.MethodType.methodType(int.class, MemorySegment.class, long.class, MemorySegment.class));
                testCancelled = lib.downcall("MPI_Test_cancelled", fdTestCancelled);
            }
            int rc = (int) getElementsX.invokeExact(status, byteRaw, count);
            rc |= (int) testCancelled.invokeExact(status, flag);
            if (rc != 0) throw new IllegalStateException("the library could not read a status it gave");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("reading a status: " + t, t);
        }
    }

    /** Writes a status into the library's layout: the public fields, then the count and the cancelled flag through the library. */
    void writeStatus(MemorySegment s, Status st) {
        if (st == Status.IGNORE) return;
        s.set(ValueLayout.JAVA_INT, lib.abi.sourceOffset, st.source());
        s.set(ValueLayout.JAVA_INT, lib.abi.tagOffset, st.tag());
        s.set(ValueLayout.JAVA_INT, lib.abi.errorOffset, errors.toNative(st.error()));
        call("MPI_Status_set_elements_x", fdSetElements, s, byteArg, st.bytes());
        call("MPI_Status_set_cancelled", fdSetCancelled, s, st.cancelled() ? 1 : 0);
    }

    /** A handle's raw value as the downcall takes it (an int or a long, per the ABI). */
    Object handleArg(HandleKind k, long raw) {
        return lib.handleLayout(k) == ValueLayout.JAVA_INT ? (Object) (int) raw : (Object) raw;
    }

    /** The downcall's C signature, from the declaration: every OUT or INOUT parameter and every array is a pointer. */
    FunctionDescriptor descriptor(Call call) {
        List<MemoryLayout> args = new ArrayList<>();
        for (Param p : call.params()) {
            args.add((p.dir() != Dir.IN && !inoutByValue(p)) || byPointer(p) ? ValueLayout.ADDRESS : inLayout(p.type()));
        }
        MemoryLayout[] a = args.toArray(new MemoryLayout[0]);
        return switch (call.cReturn()) {
            case "int" -> FunctionDescriptor.of(ValueLayout.JAVA_INT, a);
            case "double" -> FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, a);
            case "MPI_Aint", "MPI_Count" -> FunctionDescriptor.of(ValueLayout.JAVA_LONG, a);
            case "void" -> FunctionDescriptor.ofVoid(a);
            default -> throw new ArgError(call.name() + " returns " + call.cReturn() + ", which the native engine cannot take yet");
        };
    }

    /**
     * An INOUT the C function takes by value ({@code int MPI_Info_set(MPI_Info info, ...)}: the object changes, not
     * the handle): passed as an IN, and given back as it came.
     */
    static boolean inoutByValue(Param p) {
        String c = p.cDecl();
        return p.dir() == Dir.INOUT && c != null && !c.contains("*") && !c.contains("[");
    }

    /** An IN value the C function takes through a pointer ({@code int MPI_Cancel(MPI_Request *request)}). */
    static boolean byPointer(Param p) {
        PType.Kind k = p.type().kind();
        boolean scalar = k == PType.Kind.HANDLE || k == PType.Kind.INT || k == PType.Kind.LONG || k == PType.Kind.BOOL;
        return p.dir() == Dir.IN && scalar && p.cDecl() != null && !p.type().cType().contains("*") && p.cDecl().contains("*");
    }

    MemoryLayout inLayout(PType t) {
        return switch (t.kind()) {
            case INT, BOOL -> ValueLayout.JAVA_INT;
            case LONG -> t.cType().equals("int") ? ValueLayout.JAVA_INT : ValueLayout.JAVA_LONG;
            case DOUBLE -> ValueLayout.JAVA_DOUBLE;
            case HANDLE -> lib.handleLayout(t.handleKind());
            default -> ValueLayout.ADDRESS; // addresses, strings, arrays, statuses, callbacks, void * values
        };
    }

    // ---- errors --------------------------------------------------------------------------------

    /**
     * An error mpish finds before the call (a bad address): goes to the error handler of the call's object in the
     * library, as the library's own errors do. A fatal handler ends the launch (the message first, naming the rank
     * and the call); any other handler runs (a script's handler as an upcall) and the call then fails.
     */
    MpiException raise(Rank rank, Call call, Object[] in, int errorClass, String message) {
        MpiException e = new MpiException(errorClass, message).at(call.name(), worldRank);
        Handle obj = null;
        int idx = call.errorParam() >= 0 ? call.inputs().indexOf(call.params().get(call.errorParam())) : -1;
        if (idx >= 0 && in[idx] instanceof NativeHandle h && (h.kind() == HandleKind.COMM || h.kind() == HandleKind.WIN)) obj = h;
        HandleKind k = obj == null ? HandleKind.COMM : obj.kind();
        long raw = obj == null ? lib.rawOf("MPI_COMM_SELF") : ((NativeHandle) obj).raw;
        String what = k == HandleKind.WIN ? "Win" : "Comm";
        ValueLayout hl = lib.handleLayout(k), el = lib.handleLayout(HandleKind.ERRHANDLER);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment eh = a.allocate(8);
            call("MPI_" + what + "_get_errhandler", FunctionDescriptor.of(ValueLayout.JAVA_INT, hl, ValueLayout.ADDRESS), handleArg(k, raw), eh);
            long ehRaw = el == ValueLayout.JAVA_INT ? eh.get(ValueLayout.JAVA_INT, 0) : eh.get(ValueLayout.JAVA_LONG, 0);
            Long fatal = lib.rawOf("MPI_ERRORS_ARE_FATAL"), abort = lib.rawOf("MPI_ERRORS_ABORT");
            if (fatal != null && ehRaw == fatal || abort != null && ehRaw == abort) throw new NativeFatal(e.getMessage());
            call("MPI_Errhandler_free", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS), eh);
            call("MPI_" + what + "_call_errhandler", FunctionDescriptor.of(ValueLayout.JAVA_INT, hl, ValueLayout.JAVA_INT),
                    handleArg(k, raw), errors.toNative(errorClass));
            upcalls.rethrowPending();
        }
        return e;
    }

    /** An error mpish found before a call, under MPI_ERRORS_ARE_FATAL: the process must abort the launch. */
    public static final class NativeFatal extends RuntimeException {
        NativeFatal(String message) { super(message, null, false, false); }
    }

    ErrorClasses errors() { return errors; }

    // ---- memory --------------------------------------------------------------------------------

    /** The native address of {@code len} bytes at a rank address (bounds-checked: MemoryFault otherwise). */
    static long nativeAddress(Memory m, long address, long len) {
        Memory.Block b = m.block(address, Math.max(len, 1));
        return b.segment().address() + (address - b.address());
    }

    /** The rank address of a native address inside one of the rank's blocks, or -1. */
    static long rankAddress(Memory m, long nativeAddress) {
        for (Memory.Block b : m.blocks()) {
            long base = b.segment().address();
            if (nativeAddress >= base && nativeAddress < base + Math.max(b.size(), 1)) return b.address() + (nativeAddress - base);
        }
        return -1;
    }

    void ownWindowMemory(Handle win, long address) {
        windowMemory.computeIfAbsent(win, w -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(address);
    }

    List<Long> windowMemoryOf(Handle win) { return windowMemory.remove(win); }

    static Status statusOf(Object raw) { return raw instanceof Status s ? s : null; }

    static boolean isCallback(Object o) { return o instanceof Callback; }
}
