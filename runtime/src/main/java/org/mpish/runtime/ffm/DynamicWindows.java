package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;

/**
 * Dynamic windows (MPI_Win_create_dynamic) on the native engine. A script names attached memory by its rank address
 * (what mem.alloc and MPI_Get_address give, as in-process), and targets it with that address as target_disp; the
 * library wants the target process's own pointer, which only the target knows (each block of a rank's memory is a
 * native allocation of its own). So each dynamic window has a companion window, made with it on the same
 * communicator, where every process publishes the regions it has attached (rank address, native address, size);
 * an origin reads the target's table under a shared lock before each access, and passes the native address.
 * The cost (a lock, a get and an unlock per access to another process) is for dynamic windows alone.
 */
final class DynamicWindows {
    /** Regions one process may have attached to one window at a time (the table is a count, then 3 longs per region). */
    static final int REGIONS = 256;
    /**
     * The table's size: 8 + REGIONS * 24 rounded up to a page. MPICH 4.0.2 (shared memory) misplaces a remote
     * MPI_Get at displacement 0 of an MPI_Win_allocate window whose size is not a multiple of 16: rank 0 read
     * rank 1's memory 8 bytes early (a C program on that library shows it; 4096, 6160 and 8192 bytes are right).
     */
    private static final long BYTES = 8192;

    private final NativeEngine engine;
    private final NativeLib lib;
    private final Map<Handle, Table> tables = new ConcurrentHashMap<>();

    /** One dynamic window's companion: its raw handle, this process's table in it, and the regions attached here. */
    private record Table(Object companion, MemorySegment local, int me, List<long[]> regions) {}

    DynamicWindows(NativeEngine engine) {
        this.engine = engine;
        this.lib = engine.lib;
    }

    /** Dynamic windows alive: read on every call (a plain field: ConcurrentHashMap.isEmpty sums its counters). */
    private int live;

    boolean any() { return live != 0; }

    boolean isDynamic(Handle win) { return tables.containsKey(win); }

    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong J = ValueLayout.JAVA_LONG;
    private static final java.lang.foreign.AddressLayout A = ValueLayout.ADDRESS;

    private void check(int rc, String call) {
        if (rc != 0) throw engine.errors().fromCode(rc, call + " (the companion of a dynamic window)", engine.worldRank());
    }

    /** After MPI_Win_create_dynamic on {@code comm}: the companion window, made collectively on the same communicator. */
    void created(Handle win, Handle comm) {
        ValueLayout cl = lib.handleLayout(HandleKind.COMM), wl = lib.handleLayout(HandleKind.WIN), il = lib.handleLayout(HandleKind.INFO);
        Object commArg = engine.handleArg(HandleKind.COMM, lib.raw(comm));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment base = a.allocate(8), w = a.allocate(8), me = a.allocate(4);
            check((Integer) engine.call("MPI_Comm_rank", FunctionDescriptor.of(I, cl, A), commArg, me), "MPI_Comm_rank");
            check((Integer) engine.call("MPI_Win_allocate", FunctionDescriptor.of(I, J, I, il, cl, A, A), BYTES, 1,
                    engine.handleArg(HandleKind.INFO, lib.rawOf("MPI_INFO_NULL")), commArg, base, w), "MPI_Win_allocate");
            long raw = wl == ValueLayout.JAVA_INT ? w.get(I, 0) : w.get(J, 0);
            MemorySegment local = MemorySegment.ofAddress(base.get(J, 0)).reinterpret(BYTES);
            local.set(J, 0, 0);
            tables.put(win, new Table(engine.handleArg(HandleKind.WIN, raw), local, me.get(I, 0), new ArrayList<>()));
            live++;
        }
    }

    /** After MPI_Win_attach: the region is published in this process's table. */
    void attached(Handle win, long rankAddress, long nativeAddress, long size) {
        Table t = tables.get(win);
        if (t == null) return;
        if (t.regions.size() >= REGIONS) {
            throw new ArgError("more than " + REGIONS + " regions attached to one dynamic window in one process");
        }
        t.regions.add(new long[] {rankAddress, nativeAddress, size});
        publish(t);
    }

    /** After MPI_Win_detach: the region is no longer in the table. */
    void detached(Handle win, long rankAddress) {
        Table t = tables.get(win);
        if (t == null) return;
        t.regions.removeIf(r -> r[0] == rankAddress);
        publish(t);
    }

    /** Rewrites this process's table, under an exclusive lock on itself (an origin may be reading it). */
    private void publish(Table t) {
        ValueLayout wl = lib.handleLayout(HandleKind.WIN);
        int excl = (int) lib.rawValue("MPI_LOCK_EXCLUSIVE");
        check((Integer) engine.call("MPI_Win_lock", FunctionDescriptor.of(I, I, I, I, wl), excl, t.me, 0, t.companion), "MPI_Win_lock");
        try {
            t.local.set(J, 0, t.regions.size());
            for (int i = 0; i < t.regions.size(); i++) {
                long[] r = t.regions.get(i);
                for (int k = 0; k < 3; k++) t.local.set(J, 8 + i * 24L + k * 8L, r[k]);
            }
        } finally {
            check((Integer) engine.call("MPI_Win_unlock", FunctionDescriptor.of(I, I, wl), t.me, t.companion), "MPI_Win_unlock");
        }
    }

    /**
     * The target_disp to pass for an access to {@code target} through dynamic window {@code win}: the target's native
     * address for the rank address {@code disp}; {@link NotAttached} when no region attached there holds it.
     */
    long translate(Handle win, int target, long disp) {
        Table t = tables.get(win);
        if (t == null || target < 0) return disp; // MPI_PROC_NULL: nothing is accessed
        if (target == t.me) return find(t.local, disp, target);
        ValueLayout wl = lib.handleLayout(HandleKind.WIN), dt = lib.handleLayout(HandleKind.DATATYPE);
        int shared = (int) lib.rawValue("MPI_LOCK_SHARED");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment copy = a.allocate(BYTES, 8);
            check((Integer) engine.call("MPI_Win_lock", FunctionDescriptor.of(I, I, I, I, wl), shared, target, 0, t.companion), "MPI_Win_lock");
            try {
                check((Integer) engine.call("MPI_Get", FunctionDescriptor.of(I, A, I, dt, I, J, I, dt, wl), copy, (int) BYTES, engine.byteArg,
                        target, 0L, (int) BYTES, engine.byteArg, t.companion), "MPI_Get");
            } finally {
                check((Integer) engine.call("MPI_Win_unlock", FunctionDescriptor.of(I, I, wl), target, t.companion), "MPI_Win_unlock");
            }
            return find(copy, disp, target);
        }
    }

    /** An access to no region the target has attached: raised as MPI_ERR_RMA_RANGE before the library sees it. */
    static final class NotAttached extends RuntimeException {
        NotAttached(String message) { super(message, null, false, false); }
    }

    private static long find(MemorySegment table, long disp, int target) {
        long n = Math.min(table.get(ValueLayout.JAVA_LONG, 0), REGIONS);
        for (int i = 0; i < n; i++) {
            long base = table.get(ValueLayout.JAVA_LONG, 8 + i * 24L), size = table.get(ValueLayout.JAVA_LONG, 8 + i * 24L + 16);
            if (disp >= base && disp < base + Math.max(size, 1)) return table.get(ValueLayout.JAVA_LONG, 8 + i * 24L + 8) + (disp - base);
        }
        // MPICH would write to the address as given (seen: a crash of the target process), Open MPI reports it
        throw new NotAttached("target_disp 0x" + Long.toHexString(disp) + " is in no region rank " + target
                + " has attached to the dynamic window");
    }

    /** After MPI_Win_free of a dynamic window: its companion is freed too (collectively, as the window was). */
    void freed(Handle win) {
        Table t = tables.remove(win);
        if (t == null) return;
        live--;
        ValueLayout wl = lib.handleLayout(HandleKind.WIN);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment w = a.allocate(8);
            if (wl == ValueLayout.JAVA_INT) w.set(I, 0, (Integer) t.companion);
            else w.set(J, 0, (Long) t.companion);
            check((Integer) engine.call("MPI_Win_free", FunctionDescriptor.of(I, A), w), "MPI_Win_free");
        }
    }
}
