package org.mpish.runtime.ffm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * One real MPI library loaded into this process: its symbols, its constants resolved to this process's addresses,
 * and the handles the library has given out, each kept as one {@link NativeHandle} so that a handle a script got
 * twice is the same object (and has one name).
 */
public final class NativeLib {
    final Abi abi;
    final Linker linker = Linker.nativeLinker();
    /**
     * Opened on first use (a symbol or a downcall), not before: a process that only reads the ABI never loads the
     * library, whose load alone can install signal handlers (MPICH's UCX catches SIGSEGV, which the JVM raises on
     * purpose, and turns it into a crash; processes of a launch have them turned off, see NativeLaunch).
     */
    private SymbolLookup lookup;
    /** Handles by kind (ordinal) then raw value. */
    private final Map<Long, NativeHandle>[] handles;
    private final int[] nextName = new int[HandleKind.values().length];
    /** The raw value of each kind's null handle. */
    final long[] nullRaw = new long[HandleKind.values().length];
    private final Map<String, Object> constantValues = new ConcurrentHashMap<>();
    /** The library's special buffer addresses (MPI_IN_PLACE, MPI_BOTTOM, MPI_BUFFER_AUTOMATIC), or 0 where it has none. */
    final long inPlace, bottom, bufferAutomatic;
    /**
     * The handles met last, by kind and a few bits of the raw value: a hit finds the handle without the map and its
     * lock (a loop that sends on one communicator and datatype asks for the same few handles on every call).
     */
    private final NativeHandle[] recent = new NativeHandle[HandleKind.values().length * RECENT];
    private static final int RECENT = 16;

    @SuppressWarnings("unchecked")
    public NativeLib(Abi abi) {
        this.abi = abi;
        this.handles = new Map[HandleKind.values().length];
        for (int i = 0; i < handles.length; i++) handles[i] = new HashMap<>();
        for (HandleKind k : HandleKind.values()) {
            Long raw = rawOf(k.nullName());
            nullRaw[k.ordinal()] = raw == null ? Long.MIN_VALUE : raw;
        }
        Long ip = rawOf("MPI_IN_PLACE"), b = rawOf("MPI_BOTTOM"), au = rawOf("MPI_BUFFER_AUTOMATIC");
        inPlace = ip == null ? 0 : ip;
        bottom = b == null ? 0 : b;
        bufferAutomatic = au == null ? 0 : au;
    }

    /** Whether a buffer address is one of the library's special ones, passed as it is. */
    boolean special(long address) {
        return address == inPlace || address == bottom || address == bufferAutomatic;
    }

    private static int slot(HandleKind k, long raw) {
        return k.ordinal() * RECENT + (int) ((raw ^ (raw >>> 4) ^ (raw >>> 12)) & (RECENT - 1));
    }

    /** Loads implementation {@code impl}, probing its ABI (or reading the cached probe) first. */
    public static NativeLib load(String impl, Path cacheDir, java.util.Set<String> names) throws IOException {
        if (!Implementations.installed(impl)) throw new IOException(Implementations.missing(impl));
        return new NativeLib(Probe.abi(impl, cacheDir, names));
    }

    public String impl() { return abi.impl; }
    public Abi abi() { return abi; }

    /** The value of a constant in this process (see {@link #rawOf}); IllegalArgumentException if the library lacks it. */
    public long rawValue(String name) {
        Long v = rawOf(name);
        if (v == null) throw new IllegalArgumentException(abi.impl + " has no " + name);
        return v;
    }
    public String version() { return abi.version; }

    /** The address of a symbol of the library; IllegalStateException if it has none of that name. */
    private synchronized SymbolLookup lookup() {
        if (lookup == null) lookup = SymbolLookup.libraryLookup(Path.of(abi.library), Arena.global());
        return lookup;
    }

    MemorySegment symbol(String name) {
        return lookup().find(name).orElseThrow(() -> new IllegalStateException(abi.library + " has no symbol " + name));
    }

    boolean has(String name) { return lookup().find(name).isPresent(); }

    /**
     * Queries that neither block nor call back (a rank, a size, a status field): their downcalls are critical, which
     * skips the thread-state change around the call (about half the cost of a bare downcall). A call that can wait
     * for another process or run a callback must not be one: the garbage collector cannot stop the thread during it.
     */
    static final java.util.Set<String> CRITICAL = java.util.Set.of("MPI_Comm_rank", "MPI_Comm_size", "MPI_Type_size",
            "MPI_Type_get_extent", "MPI_Type_get_true_extent", "MPI_Get_count", "MPI_Get_elements", "MPI_Get_elements_x",
            "MPI_Test_cancelled", "MPI_Status_set_elements_x", "MPI_Status_set_cancelled", "MPI_Wtime", "MPI_Wtick",
            "MPI_Initialized", "MPI_Finalized", "MPI_Get_version", "MPI_Query_thread", "MPI_Is_thread_main",
            "MPI_Group_size", "MPI_Group_rank", "MPI_Comm_test_inter");

    MethodHandle downcall(String name, FunctionDescriptor fd) {
        return CRITICAL.contains(name) ? linker.downcallHandle(symbol(name), fd, Linker.Option.critical(false))
                : linker.downcallHandle(symbol(name), fd);
    }

    /** The value of constant {@code name} in this process (an address, or an integer), or null if the library lacks it. */
    Long rawOf(String name) {
        Long v = rawValues.get(name); // remembered: a symbol lookup per buffer argument cost more than the call
        if (v != null) return v;
        v = lookupRaw(name);
        if (v != null) rawValues.put(name, v);
        return v;
    }

    private final Map<String, Long> rawValues = new ConcurrentHashMap<>();

    private Long lookupRaw(String name) {
        Abi.Const c = abi.constant(name);
        if (c == null) return null;
        if (c.symbol() == null) return c.value();
        return symbol(c.symbol()).address() + c.value();
    }

    boolean pointerHandles() { return abi.handleSize == 8; }

    /** The layout a handle of this kind has in a call: MPI_Comm and friends per the ABI, a keyval always an int. */
    ValueLayout handleLayout(HandleKind k) {
        return k == HandleKind.KEYVAL || !pointerHandles() ? ValueLayout.JAVA_INT : ValueLayout.JAVA_LONG;
    }

    /** The handle for a raw value the library gave: the null handle, a known one, or a new one named as mpish names them. */
    Handle handle(HandleKind k, long raw) {
        if (raw == nullRaw[k.ordinal()]) return Handle.nullOf(k);
        NativeHandle h = recent[slot(k, raw)];
        if (h != null && h.raw == raw && h.kind() == k && !h.isFreed()) return h;
        return known(k, raw);
    }

    private synchronized Handle known(HandleKind k, long raw) {
        NativeHandle h = handles[k.ordinal()].get(raw);
        if (h == null) {
            h = new NativeHandle(k, k.prefix() + nextName[k.ordinal()]++, raw, false, handleLayout(k) == ValueLayout.JAVA_INT);
            handles[k.ordinal()].put(raw, h);
        }
        recent[slot(k, raw)] = h;
        return h;
    }

    /** A predefined handle (MPI_COMM_WORLD): kept under its C name. */
    synchronized Handle predefined(HandleKind k, String name, long raw) {
        if (raw == nullRaw[k.ordinal()]) return Handle.nullOf(k);
        return handles[k.ordinal()].computeIfAbsent(raw, r -> new NativeHandle(k, name, r, true, handleLayout(k) == ValueLayout.JAVA_INT));
    }

    /** The library no longer knows this handle (freed): a later handle with the same raw value is a new object. */
    synchronized void forget(NativeHandle h) {
        handles[h.kind().ordinal()].remove(h.raw, h);
        h.markFreed(); // before the slot is cleared: a reader that still finds it there sees it freed
        int s = slot(h.kind(), h.raw);
        if (recent[s] == h) recent[s] = null;
    }

    /** A handle argument as the downcall takes it (an Integer or a Long). */
    Object arg(Handle h) {
        if (h instanceof NativeHandle n) return n.arg;
        long raw = raw(h);
        return handleLayout(h.kind()) == ValueLayout.JAVA_INT ? (Object) (int) raw : (Object) raw;
    }

    /** The raw value to pass for a handle argument. */
    long raw(Handle h) {
        if (h instanceof NativeHandle n) return n.raw;
        if (h.isNull()) return nullRaw[h.kind().ordinal()];
        throw new IllegalArgumentException(h.name() + " is a handle of the in-process runtime, not of " + abi.impl);
    }

    Object cachedConstant(String name, java.util.function.Function<String, Object> make) {
        Object v = constantValues.get(name);
        if (v == null) {
            v = make.apply(name);
            if (v != null) constantValues.put(name, v);
        }
        return v;
    }
}
