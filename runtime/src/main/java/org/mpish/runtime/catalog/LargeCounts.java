package org.mpish.runtime.catalog;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;

/**
 * The two forms of a call with counts (MPI-4.1 section 2.5.8): the int form and the {@code _c} form, made from one
 * declaration. The implementation is written once for the wide values (Args reads a Long or an Integer alike);
 * the int form checks what an int cannot carry.
 */
final class LargeCounts {
    private LargeCounts() {}

    /** The parameters of the _c form: each typed with its large-count type, the C declaration spelled so. */
    static List<Param> largeParams(List<Param> params) {
        List<Param> out = new ArrayList<>(params.size());
        for (Param p : params) {
            PType l = p.type().large();
            if (l == null) { out.add(p); continue; }
            // "int count" -> "MPI_Count count", "const int displs[]" -> "const MPI_Aint displs[]", "int *size" -> "MPI_Count *size"
            String decl = p.cDecl().replaceFirst("\\b" + java.util.regex.Pattern.quote(p.type().cType()) + "\\b", l.cType());
            out.add(new Param(p.name(), p.dir(), l, decl, p.whenOmitted()));
        }
        return List.copyOf(out);
    }

    /**
     * The int form's checks: inputs beyond an int are MPI_ERR_COUNT; outputs beyond one MPI_UNDEFINED or an error.
     * Null when the call has no int count to check. Kept apart from the implementation, so that a call's own
     * invoker ({@link BoundCall}) calls both directly rather than through one wrapper that every call shares.
     */
    static IntForm intForm(String name, List<Param> params) {
        List<Param> inputs = params.stream().filter(Param::isInput).toList();
        List<Param> outputs = params.stream().filter(Param::isOutput).toList();
        List<Integer> checkIn = new ArrayList<>(), checkOut = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) if (isIntCount(inputs.get(i))) checkIn.add(i);
        for (int i = 0; i < outputs.size(); i++) if (isIntCount(outputs.get(i))) checkOut.add(i);
        int[] in = checkIn.stream().mapToInt(Integer::intValue).toArray();
        int[] out = checkOut.stream().mapToInt(Integer::intValue).toArray();
        if (in.length == 0 && out.length == 0) return null;
        return new IntForm(name, inputs, outputs, in, out);
    }

    /** What the int form of one call checks, before and after its implementation. */
    static final class IntForm {
        private final String name;
        private final List<Param> inputs, outputs;
        private final int[] in, out;

        private IntForm(String name, List<Param> inputs, List<Param> outputs, int[] in, int[] out) {
            this.name = name;
            this.inputs = inputs;
            this.outputs = outputs;
            this.in = in;
            this.out = out;
        }

        /** Refuses an input count given as a Long (only the _c form takes those): MPI_ERR_COUNT naming it. */
        void checkInputs(Object[] args) {
            for (int i : in) {
                Object v = args[i];
                if (v instanceof Long l) throw tooLarge(name, inputs.get(i).name(), l);
                if (v instanceof long[] arr) {
                    for (int k = 0; k < arr.length; k++) {
                        if (arr[k] != (int) arr[k]) throw tooLarge(name, inputs.get(i).name() + "[" + k + "]", arr[k]);
                    }
                }
            }
        }

        /** The implementation's result with every int count output narrowed to an int. */
        /** Whether some output is a count that the int form narrows. */
        boolean narrowsOutputs() { return out.length > 0; }

        Object narrowOutputs(Object result) {
            if (out.length == 0) return result;
            if (outputs.size() == 1) return narrow(name, outputs.get(0), result);
            Object[] r = ((Object[]) result).clone();
            for (int i : out) r[i] = narrow(name, outputs.get(i), r[i]);
            return r;
        }

        /** The int form as one implementation (what {@link Call#impl} gives). */
        CallImpl around(CallImpl impl) {
            return (rank, a) -> {
                checkInputs(a.values());
                return narrowOutputs(impl.invoke(rank, a));
            };
        }
    }

    private static boolean isIntCount(Param p) {
        return p.type().large() != null && (p.type().kind() == PType.Kind.INT || p.type().kind() == PType.Kind.INT_ARRAY);
    }

    private static MpiException tooLarge(String call, String what, long v) {
        return new MpiException(ErrorClass.MPI_ERR_COUNT, what + " = " + v + " does not fit the int of " + call + "; " + call
                + "_c takes it as an MPI_Count");
    }

    private static Object narrow(String call, Param p, Object v) {
        if (!(v instanceof Long l)) return v;
        if (l == (int) (long) l) return (int) (long) l;
        if (p.type().undefinedIfTooLarge()) return MpiConst.UNDEFINED;
        throw new MpiException(ErrorClass.MPI_ERR_VALUE_TOO_LARGE, p.name() + " would be " + l + ", which does not fit the int of "
                + call + "; " + call + "_c gives it as an MPI_Count");
    }
}
