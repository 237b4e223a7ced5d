package org.mpish.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.ffm.Abi;
import org.mpish.runtime.ffm.Implementations;
import org.mpish.runtime.ffm.NativeEngine;
import org.mpish.runtime.ffm.NativeLib;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the native engine costs per call over C (bench/native/ffm_cost.c runs the same loops). Named so that the suite (every *Bench) leaves it out: it needs an MPI: MPI_Comm_rank, an 8-byte
 * self send (MPI_Isend + MPI_Recv + MPI_Wait to rank 0 itself) and MPI_Put + MPI_Win_flush, each through the
 * catalogue as a script's call goes ({@code Invoker.invoke} on a job that runs on the native engine), and
 * MPI_Comm_rank as a bare FFM downcall (the floor of any FFM call). One process: a singleton MPI, no mpirun.
 * Run it with
 * {@code java -cp ... org.openjdk.jmh.Main FfmCost} (Open MPI as root: OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;
 * MPICH: UCX_ERROR_SIGNALS= , or UCX's SIGSEGV handler kills the JVM, which raises that signal on purpose).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class FfmCost {
    @Param({"openmpi", "mpich"})
    public String impl;

    Catalogue cat;
    Job job;
    Rank r;
    Call commRank, isend, recv, waitCall, put, flush;
    Object world, byteType, win;
    long a, b;
    MethodHandle rawRank;
    Object worldRaw;
    MemorySegment out;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (!Implementations.installed(impl)) throw new IllegalStateException(Implementations.missing(impl));
        cat = Catalogue.get();
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (var c : cat.constants()) if (c.api().equals("MPI")) names.add(c.name());
        NativeLib lib = NativeLib.load(impl, Path.of(System.getProperty("java.io.tmpdir"), "mpish-bench-abi"), names);
        job = cat.newJob(1, Job.Options.defaults());
        job.runOn(new NativeEngine(lib, cat, 0));
        r = job.rank(0);
        commRank = cat.call("MPI_Comm_rank");
        isend = cat.call("MPI_Isend");
        recv = cat.call("MPI_Recv");
        waitCall = cat.call("MPI_Wait");
        put = cat.call("MPI_Put");
        flush = cat.call("MPI_Win_flush");
        Invoker.invoke(r, cat, cat.call("MPI_Init"), new Object[] {null, null});
        world = constant("MPI_COMM_WORLD");
        byteType = constant("MPI_BYTE");
        a = r.memory().alloc(8);
        b = r.memory().alloc(8);
        Object[] w = Invoker.invoke(r, cat, cat.call("MPI_Win_allocate"), new Object[] {64L, 1, constant("MPI_INFO_NULL"), world});
        win = w[1];
        Invoker.invoke(r, cat, cat.call("MPI_Win_lock_all"), new Object[] {0, win});
        // the bare downcall: what FFM itself costs, with no conversion
        Abi abi = lib.abi();
        boolean ptr = abi.handleSize == 8;
        rawRank = Linker.nativeLinker().downcallHandle(SymbolLookup.libraryLookup(Path.of(abi.library), Arena.global())
                .find("MPI_Comm_rank").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ptr ? ValueLayout.JAVA_LONG : ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        worldRaw = ptr ? (Object) lib.rawValue("MPI_COMM_WORLD") : (Object) (int) lib.rawValue("MPI_COMM_WORLD");
        out = Arena.global().allocate(4);
    }

    @TearDown(Level.Trial)
    public void teardown() {
        Invoker.invoke(r, cat, cat.call("MPI_Win_unlock_all"), new Object[] {win});
        Invoker.invoke(r, cat, cat.call("MPI_Win_free"), new Object[] {win}); // MPICH's UCX asserts at MPI_Finalize over a window still registered
        Invoker.invoke(r, cat, cat.call("MPI_Finalize"), new Object[0]);
        job.close();
    }

    @Benchmark
    public Object commRank() { return Invoker.invoke(r, cat, commRank, new Object[] {world}); }

    @Benchmark
    public Object commRankBareDowncall() throws Throwable { return rawRank.invoke(worldRaw, out); }

    @Benchmark
    public Object selfIsendRecvWait8B() {
        Object q = Invoker.invoke(r, cat, isend, new Object[] {a, 8, byteType, 0, 1, world})[0];
        Invoker.invoke(r, cat, recv, new Object[] {b, 8, byteType, 0, 1, world});
        return Invoker.invoke(r, cat, waitCall, new Object[] {q});
    }

    @Benchmark
    public Object putFlush8B() {
        Invoker.invoke(r, cat, put, new Object[] {a, 8, byteType, 0, 0L, 8, byteType, win});
        return Invoker.invoke(r, cat, flush, new Object[] {0, win});
    }

    private Object constant(String name) {
        return ((org.mpish.runtime.catalog.Engine) job.engine()).constant(r, cat.constant(name));
    }
}
