package org.mpish.runtime.mpi.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.TestJob;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.TypedAccess;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.comm.Comm;

/**
 * Test helpers for RMA: windows made collectively the way MPI_Win_create / MPI_Win_allocate make them (those
 * calls belong to another family), typed memory access, and error assertions.
 */
final class RmaFixture {
    private RmaFixture() {}

    /** A CREATE-flavor window over {@code size} fresh bytes of each rank, errors returned (not fatal). */
    static Win create(Rank r, long size, int dispUnit) {
        long base = r.memory().alloc(size);
        Win w = WinFactory.build(r, Comm.world(MpiProcess.of(r)), "MPI_Win_create", size, dispUnit, Win.FLAVOR_CREATE, Map.of(),
                (rw, s, u, nc) -> base);
        w.setErrhandler(Errhandler.ERRORS_RETURN);
        return w;
    }

    /** As {@link #create} with info hints. */
    static Win create(Rank r, long size, int dispUnit, Map<String, String> info) {
        long base = r.memory().alloc(size);
        Win w = WinFactory.build(r, Comm.world(MpiProcess.of(r)), "MPI_Win_create", size, dispUnit, Win.FLAVOR_CREATE, info,
                (rw, s, u, nc) -> base);
        w.setErrhandler(Errhandler.ERRORS_RETURN);
        return w;
    }

    static Datatype type(Rank r, String name) { return Datatype.named(MpiProcess.of(r), name); }

    static long alloc(Rank r, String type, long... values) {
        Datatype t = type(r, type);
        long a = r.memory().alloc(Math.max(1, values.length) * t.size());
        write(r, a, type, values);
        return a;
    }

    static void write(Rank r, long addr, String type, long... values) {
        List<Object> l = new java.util.ArrayList<>();
        for (long v : values) l.add(v);
        TypedAccess.write(r.memory(), addr, type(r, type), l);
    }

    static void writeD(Rank r, long addr, double... values) {
        List<Object> l = new java.util.ArrayList<>();
        for (double v : values) l.add(v);
        TypedAccess.write(r.memory(), addr, type(r, "MPI_DOUBLE"), l);
    }

    static long[] read(Rank r, long addr, String type, int n) {
        Object[] o = TypedAccess.read(r.memory(), addr, type(r, type), n);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = ((Number) o[i]).longValue();
        return out;
    }

    static double[] readD(Rank r, long addr, int n) {
        Object[] o = TypedAccess.read(r.memory(), addr, type(r, "MPI_DOUBLE"), n);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = ((Number) o[i]).doubleValue();
        return out;
    }

    /** Calls {@code call} and asserts it fails with {@code errorClass}; returns the exception. */
    static MpiException fails(int errorClass, Rank r, String call, Object... args) {
        MpiException e = assertThrows(MpiException.class, () -> TestJob.call(r, call, args), call + " should fail");
        assertEquals(ErrorClass.name(errorClass), ErrorClass.name(e.errorClass()), e.getMessage());
        return e;
    }

    static void ok(Rank r, String call, Object... args) { TestJob.call(r, call, args); }

    static int me(Rank r) { return r.id(); }
}
