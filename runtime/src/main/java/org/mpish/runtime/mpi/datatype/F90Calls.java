package org.mpish.runtime.mpi.datatype;

import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * MPI_Type_create_f90_real / _integer / _complex (MPI-4.1 section 19.1.9): the predefined type of the smallest
 * Fortran kind that SELECTED_REAL_KIND(p, r) or SELECTED_INT_KIND(r) would choose, among the kinds whose C
 * equivalent mpish has. REAL(4) is a C float (6 decimal digits, exponent range 37), REAL(8) a double (15, 307);
 * INTEGER(1/2/4/8) hold 2, 4, 9 and 18 decimal digits. Those are the ranges gfortran reports on x86-64, and the
 * types Open MPI 4.1 and MPICH 4.0 return for the same arguments. Larger kinds (REAL(10), REAL(16), INTEGER(16))
 * have no C type in mpish, and mpish has no complex types at all: those give MPI_ERR_ARG, as both libraries do
 * when no kind fits. The returned type's combiner is MPI_COMBINER_F90_*, its contents (p, r) or (r); as the
 * standard advises, the same arguments give the same handle again, and it cannot be freed.
 */
public final class F90Calls implements CallFamily {
    /** Fortran REAL kinds mpish can hold: C type, decimal precision, decimal exponent range. */
    private static final List<Object[]> REALS = List.of(
            new Object[] {BasicType.FLOAT, 6, 37}, new Object[] {BasicType.DOUBLE, 15, 307});
    /** Fortran INTEGER kinds: C type, decimal range. */
    private static final List<Object[]> INTEGERS = List.of(new Object[] {BasicType.SIGNED_CHAR, 2},
            new Object[] {BasicType.SHORT, 4}, new Object[] {BasicType.INT, 9}, new Object[] {BasicType.LONG, 18});

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Type_create_f90_real", "datatypes", "the predefined type of a Fortran REAL with at least p digits and exponent range r")
                .in("p", INT).in("r", INT).out("newtype", DATATYPE)
                .impl((r, a) -> real(r, a.i(0), a.i(1)));
        b.call("MPI_Type_create_f90_integer", "datatypes", "the predefined type of a Fortran INTEGER holding r decimal digits")
                .in("r", INT).out("newtype", DATATYPE)
                .impl((r, a) -> integer(r, a.i(0)));
        b.call("MPI_Type_create_f90_complex", "datatypes", "the predefined type of a Fortran COMPLEX (refused: mpish has no complex types)")
                .in("p", INT).in("r", INT).out("newtype", DATATYPE)
                .impl((r, a) -> {
                    throw new MpiException(ErrorClass.MPI_ERR_ARG, "mpish has no complex datatypes, so no COMPLEX kind matches p = "
                            + show(a.i(0)) + ", r = " + show(a.i(1)));
                });
    }

    private static String show(int v) { return v == MpiConst.UNDEFINED ? "MPI_UNDEFINED" : Integer.toString(v); }

    private static Datatype real(Rank rank, int p, int r) {
        if (p == MpiConst.UNDEFINED && r == MpiConst.UNDEFINED) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "p and r are both MPI_UNDEFINED; at most one of them may be");
        }
        for (Object[] k : REALS) {
            if ((p == MpiConst.UNDEFINED || p <= (int) k[1]) && (r == MpiConst.UNDEFINED || r <= (int) k[2])) {
                return cached(rank, "MPI_COMBINER_F90_REAL", (BasicType) k[0], new int[] {p, r});
            }
        }
        throw new MpiException(ErrorClass.MPI_ERR_ARG, "no REAL kind mpish has gives p = " + show(p) + " digits and exponent range r = "
                + show(r) + " (the largest is a double: 15 digits, range 307)");
    }

    private static Datatype integer(Rank rank, int r) {
        for (Object[] k : INTEGERS) {
            if (r == MpiConst.UNDEFINED || r <= (int) k[1]) return cached(rank, "MPI_COMBINER_F90_INTEGER", (BasicType) k[0], new int[] {r});
        }
        throw new MpiException(ErrorClass.MPI_ERR_ARG, "no INTEGER kind mpish has holds r = " + r
                + " decimal digits (the largest is a long: 18 digits)");
    }

    /** The rank's handles so far, one per (combiner, arguments). */
    private static final class Made {
        final Map<String, Datatype> byKey = new HashMap<>();
    }

    private static Datatype cached(Rank rank, String combiner, BasicType b, int[] args) {
        Made made = rank.state(Made.class, x -> new Made());
        String key = combiner + java.util.Arrays.toString(args);
        synchronized (made) {
            Datatype d = made.byKey.get(key);
            if (d != null && d.isValid()) return d;
            d = MpiProcess.of(rank).handles().add(Datatype.f90(b, new Envelope(combiner, args, new long[0], new long[0], new Datatype[0])));
            made.byKey.put(key, d);
            return d;
        }
    }
}
