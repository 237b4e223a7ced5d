package org.mpish.runtime.ffm;

import java.lang.invoke.MethodHandle;
import java.util.List;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Dir;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.catalog.Param;

/**
 * What the native engine works out once per call name and reuses on every call: the downcall, and per parameter
 * (C order) the input it comes from and the questions the conversion asks of its declaration (answering them from
 * the declaration's strings on every call cost more than the MPI call).
 */
final class Plan {
    final MethodHandle downcall;
    final Call call;
    /** Per parameter: the index of the script's argument it comes from, or -1 for an output. */
    final int[] input;
    /** Per parameter: an IN value the function takes through a pointer; a C array ({@code int ranks[]}); an error class or code. */
    final boolean[] byPointer, array, errorClass;
    /** Per parameter: an INOUT the C function takes by value (see {@link NativeEngine#inoutByValue}). */
    final boolean[] inoutByValue;
    final boolean returnsInt;
    /** The call starts an operation that outlives it (it gives a request): its array arguments are kept until completion. */
    final boolean keepsArrays;
    /** A topology query whose arrays the library fills only in part ({@link NativeEngine#trim}). */
    final boolean trimmed;

    Plan(MethodHandle downcall, Call call) {
        this.downcall = downcall;
        this.call = call;
        List<Param> params = call.params();
        int n = params.size();
        input = new int[n];
        byPointer = new boolean[n];
        array = new boolean[n];
        errorClass = new boolean[n];
        inoutByValue = new boolean[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            Param p = params.get(i);
            input[i] = p.isInput() ? k++ : -1;
            byPointer[i] = p.dir() == Dir.IN && NativeEngine.byPointer(p);
            inoutByValue[i] = NativeEngine.inoutByValue(p);
            array[i] = p.cDecl() != null && p.cDecl().endsWith("[]");
            errorClass[i] = p.name().equals("errorclass") || p.name().equals("errorcode");
        }
        returnsInt = "int".equals(call.cReturn());
        boolean request = false, arrays = false;
        for (Param p : params) {
            if (p.dir() == Dir.OUT && p.type().handleKind() == org.mpish.runtime.mpi.HandleKind.REQUEST) request = true;
            PType.Kind kind = p.type().kind();
            if (p.dir() == Dir.IN && (kind == PType.Kind.INT_ARRAY || kind == PType.Kind.LONG_ARRAY || kind == PType.Kind.HANDLE_ARRAY)) arrays = true;
        }
        keepsArrays = request && arrays;
        trimmed = switch (call.name()) {
            case "MPI_Graph_neighbors", "MPI_Graph_get", "MPI_Cart_get", "MPI_Dist_graph_neighbors" -> true;
            default -> false;
        };
    }
}
