package org.mpish.runtime.catalog;

import org.mpish.runtime.Controller;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * The invoking code of one call: the Invoker's steps in order (count, native engine, initialised check,
 * conversion of the arguments, the call's error object, the explore hook, the implementation, outputs, errors to
 * the error handler, tracing).
 *
 * <p>Why one class per call. Were one method to run every call, HotSpot would see hundreds of implementations
 * at its one call of {@code body.invoke} and call them out of line, through an interface, with the argument
 * array and {@link Args} allocated for it. So {@link Invokers#of} loads this class's own bytes again as a hidden class
 * for each call: each copy has a call site that only ever sees its own implementation, which HotSpot inlines
 * (with {@code Args} then kept in registers); and a hidden class's final fields are trusted as constants, so a
 * handle kept in a {@code static final} field compiles down to its one call. The steps are the Invoker's own
 * helpers: only the sequence is copied. Keep this class free of static state, lambdas and string concatenation
 * (each copy would set up its own).
 */
final class BoundCall extends CallHandle {
    private final Call call;
    private final Catalogue cat;
    private final CallImpl body;
    private final LargeCounts.IntForm intForm;
    private final byte[] asIs;
    private final HandleKind[] kinds;
    private final int arity, number, errorInput, outputCount;
    private final boolean mpi, alwaysAllowed, returnsResult;

    BoundCall(Call call, Catalogue cat) {
        this.call = call;
        this.cat = cat;
        this.body = call.body();
        this.intForm = call.intForm();
        this.asIs = call.asIs;
        this.kinds = call.asIsKind;
        this.arity = call.inputArray().length;
        this.number = call.number();
        this.errorInput = call.errorInput();
        this.outputCount = call.outputCount();
        this.mpi = call.isMpi();
        this.alwaysAllowed = call.alwaysAllowed();
        this.returnsResult = call.returnsResult();
    }

    @Override public Call call() { return call; }

    /*
     * The hot path is kept under HotSpot's 325-byte limit for inlining a hot callee, so that it compiles into its
     * caller: a count other than the call's, a native engine, tracing and an explored schedule are one test that
     * sends the call down the full path ({@link #invokeFully}), which does the same steps and those too.
     */
    @Override
    public Object[] invoke(Rank rank, Object... in) {
        Job job = rank.job();
        if (in.length != arity || job.engine() != null || job.tracing() || job.controller() != null) return invokeFully(rank, in);
        MpiProcess proc = mpi ? MpiProcess.of(rank) : null;
        int previous = rank.currentCallNumber();
        rank.enter(number);
        Handle errorObject = null;
        try {
            boolean converted = convert(rank, in);
            if (errorInput >= 0 && in[errorInput] instanceof Handle h) errorObject = h;
            if (proc != null && !alwaysAllowed) Invoker.checkState(proc, call);
            // an int count taken as it is is an Integer: only a converted argument can be beyond an int
            if (intForm != null && converted) intForm.checkInputs(in);
            Object result = body.invoke(rank, new Args(call, in));
            return outputs(intForm == null ? result : intForm.narrowOutputs(result));
        } catch (RuntimeException e) {
            throw Invoker.failure(proc, errorObject, call, e);
        } finally {
            rank.enter(previous);
        }
    }

    /** Every step, in the Invoker's order. */
    private Object[] invokeFully(Rank rank, Object[] in) {
        if (in.length != arity) throw Invoker.wrongCount(call, in.length);
        if (rank.job().engine() instanceof Engine e) return e.invoke(rank, call, in); // a native engine
        MpiProcess proc = mpi ? MpiProcess.of(rank) : null;
        int previous = rank.currentCallNumber();
        rank.enter(number);
        boolean traced = rank.job().tracing();
        if (traced) Invoker.trace(rank, call, "begin");
        Handle errorObject = null;
        try {
            convert(rank, in);
            if (errorInput >= 0 && in[errorInput] instanceof Handle h) errorObject = h;
            if (proc != null && !alwaysAllowed) Invoker.checkState(proc, call);
            Controller ctl = rank.job().controller();
            if (ctl != null) ctl.called(rank); // explored schedule: a polling loop must let the others move
            if (intForm != null) intForm.checkInputs(in);
            Object result = body.invoke(rank, new Args(call, in));
            return outputs(intForm == null ? result : intForm.narrowOutputs(result));
        } catch (RuntimeException e) {
            throw Invoker.failure(proc, errorObject, call, e);
        } finally {
            rank.enter(previous);
            if (traced) Invoker.trace(rank, call, "end");
        }
    }

    /**
     * Converts the arguments that are not already in their final form (most are: ints, addresses, handles of the
     * right kind); true if any was. Written out per position rather than as a loop: with a bound handle the JIT
     * knows the arity, drops the positions beyond it, and can then keep the argument array in registers.
     */
    private boolean convert(Rank rank, Object[] in) {
        int n = arity;
        boolean c = false;
        if (n > 0) c = convert(rank, in, 0);
        if (n > 1) c |= convert(rank, in, 1);
        if (n > 2) c |= convert(rank, in, 2);
        if (n > 3) c |= convert(rank, in, 3);
        if (n > 4) c |= convert(rank, in, 4);
        if (n > 5) c |= convert(rank, in, 5);
        if (n > 6) c |= convert(rank, in, 6);
        if (n > 7) c |= convert(rank, in, 7);
        for (int i = 8; i < n; i++) c |= convert(rank, in, i);
        return c;
    }

    private boolean convert(Rank rank, Object[] in, int i) {
        if (PType.takenAsIs(asIs[i], kinds[i], in[i])) return false;
        Invoker.convert(rank, cat, call, in, i);
        return true;
    }

    private Object[] outputs(Object result) {
        if (outputCount == 0) {
            // a call whose C return value is the result (double MPI_Wtime(void)) has it as its one output
            return returnsResult && result != null ? new Object[] {result} : Invoker.NO_OUTPUTS;
        }
        if (outputCount == 1) return new Object[] {result};
        return Invoker.checkedOutputs(call, (Object[]) result);
    }
}
