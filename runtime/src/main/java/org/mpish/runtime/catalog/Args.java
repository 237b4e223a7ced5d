package org.mpish.runtime.catalog;

import java.util.Map;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.err.Errhandler;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.rma.Win;

/**
 * The converted input arguments of one call, by input position (IN and INOUT parameters in declaration
 * order). Handle getters check validity: a null or freed handle is an error of that handle kind's class.
 */
public final class Args {
    private final Call call;
    private final Object[] values;

    public Args(Call call, Object[] values) {
        this.call = call;
        this.values = values;
    }

    public Call call() { return call; }
    public int count() { return values.length; }
    public Object raw(int i) { return values[i]; }
    Object[] values() { return values; }
    /**
     * An int. In a large-count ({@code _c}) call the value is a Long: one that fits is taken; one beyond an int
     * reaches an implementation that counts in ints only, so it is MPI_ERR_COUNT naming the value.
     */
    public int i(int i) { return values[i] instanceof Integer x ? x : narrow(i, ((Number) values[i]).longValue(), ""); }
    public int[] ints(int i) {
        if (!(values[i] instanceof long[] l)) return (int[]) values[i];
        int[] out = new int[l.length];
        for (int k = 0; k < l.length; k++) out[k] = narrow(i, l[k], "[" + k + "]");
        return out;
    }
    /** A long array; an int array (the int form of a call whose _c form takes MPI_Count[]) widened. */
    public long[] longs(int i) {
        if (!(values[i] instanceof int[] a)) return (long[]) values[i];
        long[] out = new long[a.length];
        for (int k = 0; k < a.length; k++) out[k] = a[k];
        return out;
    }

    private int narrow(int i, long v, String index) {
        if (v == (int) v) return (int) v;
        throw new MpiException(org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT, call.inputs().get(i).name() + index + " = " + v
                + " is beyond 2^31-1, and mpish's " + call.name() + " counts this argument in ints");
    }
    /** A long or an address: a Long, or an Integer as a script's small number arrives (not boxed again). */
    public long l(int i) { return ((Number) values[i]).longValue(); }
    public double d(int i) { return (Double) values[i]; }
    public boolean bool(int i) { return (Boolean) values[i]; }
    public String str(int i) { return (String) values[i]; }
    public Object obj(int i) { return values[i]; }
    @SuppressWarnings("unchecked")
    public Map<String, Object> struct(int i) { return (Map<String, Object>) values[i]; }
    @SuppressWarnings("unchecked")
    public <T> T fn(int i, Class<T> type) { return (T) values[i]; }

    /** The handle as given, null handles and freed handles included. */
    public Handle handle(int i) { return (Handle) values[i]; }

    /** A live handle of the parameter's kind, else MpiException of that kind's class. */
    public Handle valid(int i) { return valid(call.inputArray()[i], (Handle) values[i]); }

    /** {@code h}, given for {@code p}, if it is live; else MpiException of its kind's class (the typed way checks so too). */
    static Handle valid(Param p, Handle h) {
        if (h.isNull()) throw invalid(p, h.name() + " is not a valid " + h.kind().noun() + " here");
        if (h.isFreed()) throw invalid(p, h.name() + " has been freed");
        return h;
    }

    public Comm comm(int i) { return (Comm) valid(i); }
    public Win win(int i) { return (Win) valid(i); }
    public Group group(int i) { return (Group) valid(i); }
    public Datatype type(int i) { return (Datatype) valid(i); }
    public Keyval keyval(int i) { return (Keyval) valid(i); }
    public Errhandler errhandler(int i) { return (Errhandler) valid(i); }

    private static MpiException invalid(Param p, String what) {
        HandleKind k = p.type().handleKind();
        return new MpiException(k.errorClass(), p.name() + ": " + what);
    }
}
