package org.mpish.runtime.catalog;

import java.util.List;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.err.Errhandlers;

/**
 * Runs a catalogued call on a rank: converts the raw arguments, checks MPI's initialization state, runs the
 * implementation, and routes MPI errors to the error handler of the call's object, exactly once, here.
 */
public final class Invoker {
    private Invoker() {}

    /** Calls allowed before MPI_Init and after MPI_Finalize (MPI-4.1 section 11.2 and 9.6). */
    private static final java.util.Set<String> ALWAYS_ALLOWED = java.util.Set.of(
            "mpi_initialized", "mpi_finalized", "mpi_error_class", "mpi_error_string", "mpi_get_version",
            "mpi_get_library_version", "mpi_init", "mpi_init_thread", "mpi_wtime", "mpi_wtick",
            // MPI-4.1 section 11.2.1: info objects may be used before MPI starts and after it ends
            "mpi_info_create", "mpi_info_create_env", "mpi_info_set", "mpi_info_delete", "mpi_info_get", "mpi_info_get_string",
            "mpi_info_get_valuelen", "mpi_info_get_nkeys", "mpi_info_get_nthkey", "mpi_info_dup", "mpi_info_free",
            // section 11.3: the sessions model does not start the world model, and works before and after it
            "mpi_session_init", "mpi_session_finalize", "mpi_session_get_info", "mpi_session_get_num_psets",
            "mpi_session_get_nth_pset", "mpi_session_get_pset_info", "mpi_session_create_errhandler",
            "mpi_session_set_errhandler", "mpi_session_get_errhandler", "mpi_session_call_errhandler",
            "mpi_group_from_session_pset", "mpi_comm_create_from_group", "mpi_intercomm_create_from_groups",
            "mpi_session_attach_buffer", "mpi_session_detach_buffer", "mpi_session_flush_buffer", "mpi_session_iflush_buffer");

    /**
     * Invokes {@code call} on {@code rank} (must be the rank's own thread) with raw input arguments, one per
     * IN/INOUT parameter. Returns the outputs in declaration order (OUT and INOUT parameters).
     *
     * @throws ArgError for an argument of the wrong form (nothing was called)
     * @throws MpiException when the error handler returns (MPI_ERRORS_RETURN or a user handler)
     * @throws JobAbortedException when a fatal handler aborted the job
     */
    public static Object[] invoke(Rank rank, Catalogue cat, Call call, Object[] raw) {
        return cat.handleFor(call).invoke(rank, raw.clone());
    }

    /**
     * {@link #invoke} for a caller that made {@code args} for this one call (a script binding): the arguments are
     * converted in place, saving a copy.
     */
    public static Object[] invokeInPlace(Rank rank, Catalogue cat, Call call, Object[] args) {
        return cat.handleFor(call).invoke(rank, args);
    }

    /*
     * The steps themselves run in each call's own copy of BoundCall, which keeps the hot path small enough to be
     * inlined into its caller; what follows are the steps it calls out to, off the hot path or shared.
     */

    static ArgError wrongCount(Call call, int got) {
        List<Param> inputs = call.inputs();
        return new ArgError(call.name() + " takes " + inputs.size() + " argument" + (inputs.size() == 1 ? "" : "s")
                + (inputs.isEmpty() ? "" : " (" + String.join(", ", inputs.stream().map(Param::name).toList()) + ")")
                + ", not " + got);
    }

    static void convert(Rank rank, Catalogue cat, Call call, Object[] in, int i) {
        Param p = call.inputArray()[i];
        Object a = in[i], v = p.type().coerce(rank, cat, p, a);
        if (v != a) in[i] = v;
    }

    static void trace(Rank rank, Call call, String kind) { rank.job().emit(rank.id(), "call", kind, call.name(), null); }

    /**
     * What a call that threw {@code e} throws: MPI errors go to the error handler of the call's object (or of
     * MPI_COMM_SELF), exactly once, here; a form error of an argument is an {@link ArgError}; anything else
     * passes unchanged.
     */
    static RuntimeException failure(MpiProcess proc, Handle errorObject, Call call, RuntimeException e) {
        if (e instanceof ArgError) return e;
        if (e instanceof org.mpish.runtime.BadArgument) return new ArgError(e.getMessage()); // the engine's own form error, reported like the catalogue's
        if (proc == null) return e;
        if (e instanceof MpiException m) return Errhandlers.raise(proc, m.raisedOn() != null ? m.raisedOn() : errorObject, m, call.name());
        if (e instanceof MemoryFault f) {
            return Errhandlers.raise(proc, errorObject, new MpiException(ErrorClass.MPI_ERR_BUFFER, f.getMessage()), call.name());
        }
        if (e instanceof ArithmeticException f) {
            // a count times an extent beyond what one call can move (Math.*Exact): an error of the count, never a Java exception
            return Errhandlers.raise(proc, errorObject, new MpiException(ErrorClass.MPI_ERR_COUNT,
                    "the data is larger than one call can move (2^31-1 bytes): " + f.getMessage()), call.name());
        }
        if (e instanceof CallbackFailure f) {
            int cls = f.explicitCode() ? proc.errorClassOf(f.code()) : ErrorClass.MPI_ERR_OTHER;
            return Errhandlers.raise(proc, errorObject, new MpiException(f.explicitCode() ? f.code() : ErrorClass.MPI_ERR_OTHER, cls,
                    "a callback failed: " + f.getMessage()), call.name());
        }
        return e;
    }

    static boolean alwaysAllowed(String callName) { return ALWAYS_ALLOWED.contains(callName.toLowerCase(java.util.Locale.ROOT)); }

    /** The initialised check, for a call that is not {@link Call#alwaysAllowed}. */
    static void checkState(MpiProcess proc, Call call) {
        if (proc.finalized()) throw new MpiException(ErrorClass.MPI_ERR_OTHER, call.name() + " called after MPI_Finalize");
        if (!proc.initialized()) proc.markInitialized(); // implicit MPI_Init, as mpi4py does
    }

    static final Object[] NO_OUTPUTS = {};

    /** The outputs of a call with several, as its implementation returned them. */
    static Object[] checkedOutputs(Call call, Object[] r) {
        if (r.length != call.outputCount()) {
            throw new IllegalStateException(call.name() + " returned " + r.length + " outputs, declared " + call.outputCount());
        }
        return r;
    }
}
