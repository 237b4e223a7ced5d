package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Dir;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.Status;

/**
 * One call on the native engine: the script's arguments as the C function takes them (checked first: an address
 * outside the rank's memory never reaches the library), then the outputs read back from where the function wrote.
 */
final class NativeCall {
    private static final int STRING_OUT = 4096;
    private final NativeEngine engine;
    private final NativeLib lib;
    private final Rank rank;
    private final Call call;
    private final Object[] in;
    private final SegmentAllocator arena;
    private final List<Param> params;
    /** Per parameter (C order): the input it came from (or -1), and the memory an output is written to. */
    private final int[] input;
    private final MemorySegment[] out;
    /** Per parameter: how many elements an array output holds. */
    private final int[] lengths;

    private final Plan plan;
    /** The arrays of a call that starts an operation, until its request takes them. */
    private Arena held;

    NativeCall(NativeEngine engine, Plan plan, Rank rank, Call call, Object[] in, SegmentAllocator arena) {
        this.plan = plan;
        this.engine = engine;
        this.lib = engine.lib;
        this.rank = rank;
        this.call = call;
        this.in = in;
        this.arena = arena;
        this.params = call.params();
        this.input = plan.input;
        this.out = new MemorySegment[params.size()];
        this.lengths = new int[params.size()];
    }

    /**
     * Where IN arrays go: the scratch memory, given back when the call returns; for a call that starts an operation
     * (a nonblocking or persistent collective), memory of its own that the request keeps ({@link #keepArrays}).
     */
    private SegmentAllocator arrays() {
        if (!plan.keepsArrays) return arena;
        if (held == null) held = Arena.ofShared();
        return held;
    }

    /** After a successful call: the request it gave keeps the arrays; after a failed one (or no request), they go. */
    void keepArrays(Object[] outputs) {
        if (held == null) return;
        if (outputs != null) {
            for (Object o : outputs) {
                if (o instanceof NativeHandle h && h.kind() == HandleKind.REQUEST) {
                    h.held = held;
                    held = null;
                    engine.holding++;
                    return;
                }
            }
        }
        held.close();
        held = null;
    }

    /**
     * A request the library completed or freed (now the null handle): its arrays are no longer read, except after
     * MPI_Request_free of an operation still running, which completes later unseen: those arrays stay for the life of
     * the process (the engine keeps them).
     */
    private void retire(NativeHandle old) {
        lib.forget(old);
        if (old.held == null) return;
        engine.holding--;
        if (call.name().equals("MPI_Request_free")) engine.keepForever(old.held);
        else old.held.close();
        old.held = null;
    }

    private Object arg(int param) { return input[param] < 0 ? null : in[input[param]]; }

    /** The arguments of the downcall, in C order. */
    Object[] arguments() {
        Object[] c = new Object[params.size()];
        for (int i = 0; i < c.length; i++) {
            Param p = params.get(i);
            c[i] = p.dir() != Dir.IN && !plan.inoutByValue[i] ? outArg(i, p) : plan.byPointer[i] ? pointerTo(p, inArg(i, p)) : inArg(i, p);
        }
        return c;
    }

    /** An access through a dynamic window: target_disp, a rank address of the target, becomes the target's pointer. */
    void dynamicTarget(Object[] c, DynamicWindows dw) {
        int disp = -1, target = -1, win = -1;
        for (int i = 0; i < params.size(); i++) {
            switch (params.get(i).name()) {
                case "target_disp" -> disp = i;
                case "target_rank" -> target = i;
                case "win" -> win = i;
                default -> { }
            }
        }
        if (disp < 0 || target < 0 || win < 0 || !(arg(win) instanceof Handle w) || !dw.isDynamic(w)) return;
        c[disp] = dw.translate(w, ((Number) c[target]).intValue(), ((Number) c[disp]).longValue());
    }

    // ---- IN ---------------------------------------------------------------------------------------

    private Object inArg(int i, Param p) {
        Object a = arg(i);
        PType t = p.type();
        switch (t.kind()) {
            case INT -> {
                int v = (int) number(p, a);
                return plan.errorClass[i] ? engine.errors().toNative(v) : v;
            }
            case BOOL -> { return a instanceof Boolean b ? (b ? 1 : 0) : (int) number(p, a); }
            case LONG -> { return t.cType().equals("int") ? (Object) (int) number(p, a) : (Object) number(p, a); }
            case DOUBLE -> { return ((Number) a).doubleValue(); }
            case HANDLE -> { return lib.arg(handle(p, a)); }
            case ADDR -> { return MemorySegment.ofAddress(address(i, p, a)); }
            case STRING -> { return a == null ? MemorySegment.NULL : arena.allocateFrom(a.toString()); }
            case INT_ARRAY -> {
                int[] v = ints(p, a);
                return v == null ? MemorySegment.NULL : arrays().allocateFrom(ValueLayout.JAVA_INT, v);
            }
            case LONG_ARRAY -> {
                long[] v = longs(p, a);
                return v == null ? MemorySegment.NULL : arrays().allocateFrom(ValueLayout.JAVA_LONG, v);
            }
            case HANDLE_ARRAY -> { return handleArray(p, a, arrays()); }
            case STATUS -> { return status(a); }
            case CALLBACK -> { return callback(p, a); }
            case VALUE -> { return value(p, a); }
            default -> throw new ArgError(call.name() + ": the native engine cannot pass " + p.name() + " (" + t.kind() + ") yet");
        }
    }

    /** The value in memory of its own, for a function that reads it through a pointer. */
    private MemorySegment pointerTo(Param p, Object v) {
        MemorySegment s = arena.allocate(8, 8);
        if (v instanceof Integer i) s.set(ValueLayout.JAVA_INT, 0, i);
        else s.set(ValueLayout.JAVA_LONG, 0, ((Number) v).longValue());
        return s;
    }

    private long number(Param p, Object a) {
        if (a instanceof Number n) return n.longValue();
        if (a instanceof Boolean b) return b ? 1 : 0;
        if (a == null) throw new ArgError(p.name() + ": expected a number");
        throw new ArgError(p.name() + ": expected a number, got '" + a + "'");
    }

    private Handle handle(Param p, Object a) {
        HandleKind k = p.type().handleKind();
        if (a == null) return Handle.nullOf(k);
        if (!(a instanceof Handle h)) throw new ArgError(p.name() + ": expected a " + k.noun() + " handle");
        if (h.kind() != k) throw new ArgError(p.name() + ": " + h.name() + " is a " + h.kind().noun() + ", not a " + k.noun());
        return h;
    }

    /**
     * The native address for a buffer argument, after checking that the whole buffer lies in the rank's memory:
     * (buf, count, datatype) as the call's following parameters say, a size parameter, or at least one byte.
     * The library's special addresses (MPI_BOTTOM, MPI_IN_PLACE) pass as they are.
     */
    private long address(int i, Param p, Object a) {
        long addr = number(p, a);
        if (addr == 0) return 0;
        if (lib.special(addr)) return addr;
        long len = bufferLength(i);
        Memory m = rank.memory();
        if (len < 0) throw new MemoryFault(addr, p.name() + ": the length is negative");
        return NativeEngine.nativeAddress(m, addr, len);
    }

    private long bufferLength(int i) {
        // (buf, count, datatype) and (buf, size)
        if (i + 1 < params.size()) {
            Param n = params.get(i + 1);
            boolean count = n.dir() == Dir.IN && (n.type().kind() == PType.Kind.INT || n.type().kind() == PType.Kind.LONG);
            if (count && i + 2 < params.size() && params.get(i + 2).type().handleKind() == HandleKind.DATATYPE
                    && params.get(i + 2).dir() == Dir.IN) {
                long c = number(n, arg(i + 1));
                return c * extent(handle(params.get(i + 2), arg(i + 2))) * perRank(params.get(i).name());
            }
            if (count && (n.name().equals("size") || n.name().endsWith("_size"))) return number(n, arg(i + 1));
        }
        // one element of the datatype that follows the addresses (Fetch_and_op, Compare_and_swap)
        for (int j = i + 1; j < params.size(); j++) {
            Param q = params.get(j);
            if (q.type().kind() == PType.Kind.ADDR) continue;
            if (q.type().handleKind() == HandleKind.DATATYPE && q.dir() == Dir.IN) return extent(handle(q, arg(j)));
            break;
        }
        return 1;
    }

    /** Gather's receive buffer and friends hold one block per rank of the communicator. */
    private long perRank(String param) {
        String n = call.name();
        if (n.startsWith("MPI_Neighbor_") || n.startsWith("MPI_Ineighbor_")) return perNeighbour(n, param);
        boolean many = (n.contains("gather") && !n.contains("gatherv") && param.equals("recvbuf"))
                || (n.contains("scatter") && !n.contains("scatterv") && param.equals("sendbuf"))
                || (n.contains("Alltoall") && !n.contains("Alltoallv") && !n.contains("Alltoallw"));
        if (!many) return 1;
        for (int j = 0; j < params.size(); j++) {
            if (params.get(j).type().handleKind() == HandleKind.COMM && params.get(j).dir() == Dir.IN) {
                Handle comm = handle(params.get(j), arg(j));
                // a communicator's size never changes: asked of the library once per handle
                if (comm instanceof NativeHandle h && h.cachedSize >= 0) return h.cachedSize;
                MemorySegment s = arena.allocate(ValueLayout.JAVA_INT);
                engine.call("MPI_Comm_size", engine.fdCommSize, engine.handleArg(HandleKind.COMM, lib.raw(comm)), s);
                int size = s.get(ValueLayout.JAVA_INT, 0);
                if (comm instanceof NativeHandle h) h.cachedSize = size;
                return size;
            }
        }
        return 1;
    }

    /**
     * A neighbourhood collective's buffers hold one block per neighbour: the receive buffer one per source, the send
     * buffer of an alltoall one per destination (an allgather sends one block). The degrees come from the library's
     * own queries, asked once per communicator (a topology never changes).
     */
    private long perNeighbour(String name, String param) {
        boolean recv = param.startsWith("recv");
        if (!recv && name.contains("allgather")) return 1;
        for (int j = 0; j < params.size(); j++) {
            if (params.get(j).type().handleKind() != HandleKind.COMM || params.get(j).dir() != Dir.IN) continue;
            if (!(handle(params.get(j), arg(j)) instanceof NativeHandle comm)) return 1;
            if (comm.inDegree < 0) degrees(comm);
            return Math.max(1, recv ? comm.inDegree : comm.outDegree);
        }
        return 1;
    }

    private void degrees(NativeHandle comm) {
        Object[] c = {comm};
        int status = ((Number) engine.invoke(rank, engine.catalogue.call("MPI_Topo_test"), c)[0]).intValue();
        Long graph = lib.rawOf("MPI_GRAPH"), cart = lib.rawOf("MPI_CART"), dist = lib.rawOf("MPI_DIST_GRAPH");
        int in = 1, out = 1;
        if (graph != null && status == graph) {
            int me = ((Number) engine.invoke(rank, engine.catalogue.call("MPI_Comm_rank"), c)[0]).intValue();
            in = out = ((Number) engine.invoke(rank, engine.catalogue.call("MPI_Graph_neighbors_count"), new Object[] {comm, me})[0]).intValue();
        } else if (cart != null && status == cart) {
            in = out = 2 * ((Number) engine.invoke(rank, engine.catalogue.call("MPI_Cartdim_get"), c)[0]).intValue();
        } else if (dist != null && status == dist) {
            Object[] d = engine.invoke(rank, engine.catalogue.call("MPI_Dist_graph_neighbors_count"), c);
            in = ((Number) d[0]).intValue();
            out = ((Number) d[1]).intValue();
        }
        comm.outDegree = out;
        comm.inDegree = in;
    }

    /** A datatype's extent; a datatype never changes, so the library is asked once per handle. */
    private long extent(Handle type) {
        if (type.isNull()) return 1;
        if (type instanceof NativeHandle h && h.cachedSize >= 0) return h.cachedSize;
        MemorySegment lb = arena.allocate(8), ext = arena.allocate(8);
        int rc = (Integer) engine.call("MPI_Type_get_extent", engine.fdTypeExtent,
                engine.handleArg(HandleKind.DATATYPE, lib.raw(type)), lb, ext);
        if (rc != 0) return 1;
        long e = ext.get(ValueLayout.JAVA_LONG, 0);
        if (type instanceof NativeHandle h) h.cachedSize = e;
        return e;
    }

    private int[] ints(Param p, Object a) {
        if (a == null) return null;
        if (a instanceof int[] v) return v;
        if (a instanceof List<?> l) {
            int[] v = new int[l.size()];
            for (int j = 0; j < v.length; j++) v[j] = (int) number(p, l.get(j));
            return v;
        }
        throw new ArgError(p.name() + ": expected an array of integers");
    }

    private long[] longs(Param p, Object a) {
        if (a == null) return null;
        if (a instanceof long[] v) return v;
        if (a instanceof List<?> l) {
            long[] v = new long[l.size()];
            for (int j = 0; j < v.length; j++) v[j] = number(p, l.get(j));
            return v;
        }
        throw new ArgError(p.name() + ": expected an array of integers");
    }

    private MemorySegment handleArray(Param p, Object a, SegmentAllocator where) {
        if (a == null) return MemorySegment.NULL;
        List<?> l = a instanceof List<?> x ? x : a instanceof Object[] arr ? List.of(arr) : null;
        if (l == null) throw new ArgError(p.name() + ": expected an array of handles");
        HandleKind k = p.type().handleKind();
        ValueLayout hl = lib.handleLayout(k);
        MemorySegment s = where.allocate(hl.byteSize() * Math.max(1, l.size()));
        for (int j = 0; j < l.size(); j++) {
            long raw = lib.raw(handle(p, l.get(j)));
            if (hl == ValueLayout.JAVA_INT) s.setAtIndex(ValueLayout.JAVA_INT, j, (int) raw);
            else s.setAtIndex(ValueLayout.JAVA_LONG, j, raw);
        }
        return s;
    }

    /** An MPI_Status the script gives (MPI_Get_count's): its public fields, and the count and flag set through the library. */
    private MemorySegment status(Object a) {
        Status st = Status.coerce(rank, "status", a);
        if (st == Status.IGNORE) return MemorySegment.ofAddress(lib.rawOf("MPI_STATUS_IGNORE"));
        MemorySegment s = arena.allocate(lib.abi.statusSize, 8);
        engine.writeStatus(s, st);
        return s;
    }

    private MemorySegment callback(Param p, Object a) {
        if (a == null) return MemorySegment.NULL;
        if (a instanceof NativeFunction f) return MemorySegment.ofAddress(f.address());
        if (a instanceof Callback cb) return engine.upcalls.stub(p.type().cType(), cb);
        throw new ArgError(p.name() + ": expected a function or a predefined " + p.type().constantGroup() + " name");
    }

    private MemorySegment value(Param p, Object a) {
        return switch (p.name()) {
            case "argc", "argv" -> MemorySegment.NULL;
            default -> MemorySegment.ofAddress(engine.values.id(a));
        };
    }

    // ---- OUT and INOUT ----------------------------------------------------------------------------

    private MemorySegment outArg(int i, Param p) {
        PType t = p.type();
        int n = 1;
        boolean array = plan.array[i];
        if (array) n = arrayLength(i, p);
        lengths[i] = n;
        long size = switch (t.kind()) {
            case INT, BOOL, INT_ARRAY -> 4L * n;
            case LONG, ADDR, VALUE, LONG_ARRAY -> 8L * n;
            case DOUBLE -> 8L * n;
            case HANDLE, HANDLE_ARRAY -> lib.handleLayout(t.handleKind()).byteSize() * n;
            case STATUS -> (long) lib.abi.statusSize * n;
            case STRING -> STRING_OUT;
            default -> throw new ArgError(call.name() + ": the native engine cannot take " + p.name() + " (" + t.kind() + ") back yet");
        };
        MemorySegment s = arena.allocate(Math.max(size, 8), 8);
        if (p.dir() == Dir.INOUT) fillInout(i, p, s);
        out[i] = s;
        return s;
    }

    /** An array output's length: the count argument before it, or the length of the array given for an INOUT. */
    private int arrayLength(int i, Param p) {
        Object a = arg(i);
        if (a instanceof List<?> l) return l.size();
        if (a instanceof int[] v) return v.length;
        // its own bound by name first: max_integers for array_of_integers, maxindex for index (MPI_Graph_get)
        String own = p.name().replaceFirst("^array_of_", "");
        for (int j = 0; j < i; j++) {
            Param q = params.get(j);
            if (q.dir() != Dir.OUT && (q.name().equals("max_" + own) || q.name().equals("max" + own))) {
                return (int) Math.max(0, number(q, arg(j)));
            }
        }
        for (int j = i - 1; j >= 0; j--) {
            Param q = params.get(j);
            if (q.dir() != Dir.OUT && q.type().kind() == PType.Kind.INT) return (int) Math.max(0, number(q, arg(j)));
            if (q.dir() != Dir.OUT && q.type().kind() == PType.Kind.HANDLE_ARRAY && arg(j) instanceof List<?> l) return l.size();
        }
        return 1;
    }

    private void fillInout(int i, Param p, MemorySegment s) {
        Object a = arg(i);
        switch (p.type().kind()) {
            case INT, BOOL -> s.set(ValueLayout.JAVA_INT, 0, a instanceof Boolean b ? (b ? 1 : 0) : (int) number(p, a));
            case LONG -> s.set(ValueLayout.JAVA_LONG, 0, number(p, a));
            case HANDLE -> setHandle(s, 0, p.type().handleKind(), lib.raw(handle(p, a)));
            case HANDLE_ARRAY -> MemorySegment.copy(handleArray(p, a, arena), 0, s, 0, Math.min(s.byteSize(),
                    lib.handleLayout(p.type().handleKind()).byteSize() * lengths[i]));
            case INT_ARRAY -> {
                int[] v = ints(p, a);
                if (v != null) MemorySegment.copy(v, 0, s, ValueLayout.JAVA_INT, 0, Math.min(v.length, lengths[i]));
            }
            // MPI_Status_set_elements and _set_cancelled change one part of the status given: the rest stays
            case STATUS -> { if (!plan.array[i] && a != null) engine.writeStatus(s, Status.coerce(rank, p.name(), a)); }
            default -> { }
        }
    }

    private void setHandle(MemorySegment s, long index, HandleKind k, long raw) {
        if (lib.handleLayout(k) == ValueLayout.JAVA_INT) s.setAtIndex(ValueLayout.JAVA_INT, index, (int) raw);
        else s.setAtIndex(ValueLayout.JAVA_LONG, index, raw);
    }

    private long getHandle(MemorySegment s, long index, HandleKind k) {
        return lib.handleLayout(k) == ValueLayout.JAVA_INT ? s.getAtIndex(ValueLayout.JAVA_INT, index) : s.getAtIndex(ValueLayout.JAVA_LONG, index);
    }

    /** The outputs in declaration order, as the in-process implementation returns them. */
    Object[] outputs(Object result) {
        List<Param> outs = call.outputs();
        if (outs.isEmpty()) return plan.returnsInt || "void".equals(call.cReturn()) ? new Object[0] : new Object[] {result};
        Object[] r = new Object[outs.size()];
        int k = 0;
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            if (p.isOutput()) r[k++] = output(i, p);
        }
        return r;
    }

    private Object output(int i, Param p) {
        if (plan.inoutByValue[i]) return arg(i);
        MemorySegment s = out[i];
        PType t = p.type();
        int n = lengths[i];
        boolean array = plan.array[i];
        switch (t.kind()) {
            case INT -> {
                if (array) return s.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT);
                int v = s.get(ValueLayout.JAVA_INT, 0);
                return plan.errorClass[i] ? engine.errors().toMpish(v) : v;
            }
            case INT_ARRAY -> { return s.asSlice(0, 4L * n).toArray(ValueLayout.JAVA_INT); }
            case LONG_ARRAY -> { return s.asSlice(0, 8L * n).toArray(ValueLayout.JAVA_LONG); }
            case BOOL -> { return s.get(ValueLayout.JAVA_INT, 0) != 0; }
            case LONG -> {
                long v = s.get(ValueLayout.JAVA_LONG, 0);
                if (p.name().equals("address")) { // MPI_Get_address: the rank's address, as in-process
                    long ra = NativeEngine.rankAddress(rank.memory(), v);
                    return ra >= 0 ? ra : v;
                }
                return v;
            }
            case ADDR -> { return memoryOut(p, s.get(ValueLayout.JAVA_LONG, 0)); }
            case STRING -> { return s.getString(0); }
            case HANDLE -> { return handleOut(i, p, getHandle(s, 0, t.handleKind())); }
            case HANDLE_ARRAY -> {
                List<?> given = arg(i) instanceof List<?> l ? l : List.of();
                Handle[] hs = new Handle[n];
                for (int j = 0; j < n; j++) {
                    Handle h = lib.handle(t.handleKind(), getHandle(s, j, t.handleKind()));
                    if (j < given.size() && given.get(j) instanceof NativeHandle old && old != h && !old.isPredefined()) retire(old);
                    hs[j] = h;
                }
                return hs;
            }
            case STATUS -> {
                if (!array) return statusOut(s);
                Status[] st = new Status[n];
                for (int j = 0; j < n; j++) st[j] = statusOut(s.asSlice((long) j * lib.abi.statusSize, lib.abi.statusSize));
                return st;
            }
            case VALUE -> { return attributeOut(i, s.get(ValueLayout.JAVA_LONG, 0)); }
            default -> { return null; }
        }
    }

    /** An OUT handle: a new or known one; an INOUT that changed (freed: now the null handle) retires the old one. */
    private Object handleOut(int i, Param p, long raw) {
        Handle h = lib.handle(p.type().handleKind(), raw);
        if (p.dir() == Dir.INOUT && arg(i) instanceof NativeHandle old && old != h && !old.isPredefined()) {
            retire(old);
            List<Long> mem = engine.windowMemoryOf(old);
            if (mem != null) for (long m : mem) rank.memory().unmap(m);
        }
        return h;
    }

    /**
     * A pointer the library gave back: inside the rank's memory (MPI_Buffer_detach's buffer), the rank's address
     * for it; memory the library allocated (MPI_Alloc_mem, MPI_Win_allocate), mapped into the rank's memory so
     * that scripts reach it through the same checked addresses.
     */
    private Object memoryOut(Param p, long ptr) {
        if (ptr == 0) return 0L;
        long ra = NativeEngine.rankAddress(rank.memory(), ptr);
        if (ra >= 0) return ra;
        long size = 0;
        for (int j = 0; j < params.size(); j++) {
            if (!params.get(j).name().equals("size")) continue;
            // MPI_Win_allocate's size is given; MPI_Win_shared_query's is what the library wrote
            size = params.get(j).dir() == Dir.IN ? number(params.get(j), arg(j)) : out[j].get(ValueLayout.JAVA_LONG, 0);
        }
        if (size <= 0) return ptr;
        long addr = rank.memory().map(MemorySegment.ofAddress(ptr).reinterpret(size), size);
        for (int j = 0; j < params.size(); j++) {
            if (params.get(j).type().handleKind() != HandleKind.WIN) continue;
            // the window the memory belongs to (made by this call, or queried): MPI_Win_free unmaps it
            Handle w = params.get(j).dir() == Dir.OUT ? lib.handle(HandleKind.WIN, getHandle(out[j], 0, HandleKind.WIN)) : handle(params.get(j), arg(j));
            engine.ownWindowMemory(w, addr);
        }
        return addr;
    }

    private Status statusOut(MemorySegment s) {
        int src = s.get(ValueLayout.JAVA_INT, lib.abi.sourceOffset), tag = s.get(ValueLayout.JAVA_INT, lib.abi.tagOffset);
        int err = engine.errors().toMpish(s.get(ValueLayout.JAVA_INT, lib.abi.errorOffset));
        MemorySegment c = arena.allocate(8), f = arena.allocate(4);
        engine.readStatus(s, c, f);
        Status st = new Status(src, tag, err, c.get(ValueLayout.JAVA_LONG, 0), f.get(ValueLayout.JAVA_INT, 0) != 0);
        Status.remember(rank, st);
        return st;
    }

    /**
     * An attribute value the library gave (MPI_Comm_get_attr): a script's value back; for the predefined
     * attributes, the number the library's pointer points at, as in-process.
     */
    private Object attributeOut(int i, long v) {
        Object kv = null;
        for (int j = 0; j < params.size(); j++) if (params.get(j).type().handleKind() == HandleKind.KEYVAL) kv = arg(j);
        if (kv instanceof NativeHandle h && h.isPredefined() && v != 0) {
            String name = h.name();
            MemorySegment at = MemorySegment.ofAddress(v).reinterpret(8);
            return switch (name) {
                case "MPI_WIN_BASE" -> {
                    long ra = NativeEngine.rankAddress(rank.memory(), v);
                    yield ra >= 0 ? ra : v;
                }
                case "MPI_WIN_SIZE" -> at.get(ValueLayout.JAVA_LONG, 0);
                default -> (long) at.get(ValueLayout.JAVA_INT, 0);
            };
        }
        return engine.values.value(v);
    }

    static boolean isMap(Object o) { return o instanceof Map<?, ?>; }
}
