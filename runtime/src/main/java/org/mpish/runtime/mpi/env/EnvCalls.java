package org.mpish.runtime.mpi.env;

import org.mpish.runtime.mpi.MpiConst;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.mpi.MpiConst.*;

import org.mpish.runtime.Job;
import org.mpish.runtime.JobAbortedException;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.BasicType;

/** The MPI environment: init and finalize, abort, time, rank and size of a communicator, barrier. */
public final class EnvCalls implements CallFamily {
    public static final int VERSION = 4, SUBVERSION = 1;

    /** Every process of a job starts with MPI_COMM_WORLD, MPI_COMM_SELF and the predefined handles. */
    @Override
    public void wire(Job job, Catalogue catalogue) { job.hooks().add(MpiProcess.START, ProcessSetup::start); }

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_COMM_WORLD", "comm", r -> Comm.world(MpiProcess.of(r)));
        b.constant("MPI_COMM_SELF", "comm", r -> Comm.self(MpiProcess.of(r)));
        for (HandleKind k : HandleKind.values()) b.constant(k.nullName(), k.prefix(), Handle.nullOf(k));
        b.constant("MPI_ANY_SOURCE", "rank", ANY_SOURCE);
        b.constant("MPI_PROC_NULL", "rank", PROC_NULL);
        b.constant("MPI_ROOT", "rank", ROOT);
        b.constant("MPI_ANY_TAG", "tag", ANY_TAG);
        b.constant("MPI_UNDEFINED", "int", UNDEFINED);
        b.constant("MPI_IDENT", "compare", IDENT);
        b.constant("MPI_CONGRUENT", "compare", CONGRUENT);
        b.constant("MPI_SIMILAR", "compare", SIMILAR);
        b.constant("MPI_UNEQUAL", "compare", UNEQUAL);
        b.constant("MPI_BOTTOM", "address", BOTTOM);
        b.constant("MPI_VERSION", "int", VERSION);
        b.constant("MPI_SUBVERSION", "int", SUBVERSION);
        b.constant("MPI_MAX_ERROR_STRING", "int", MAX_ERROR_STRING);
        b.constant("MPI_MAX_OBJECT_NAME", "int", MAX_OBJECT_NAME);
        for (BasicType t : BasicType.values()) b.constant(t.cName(), "type", r -> Datatype.named(MpiProcess.of(r), t.cName()));
        for (String pair : new String[] {"MPI_2INT", "MPI_SHORT_INT", "MPI_LONG_INT", "MPI_FLOAT_INT", "MPI_DOUBLE_INT"}) {
            b.constant(pair, "type", r -> Datatype.named(MpiProcess.of(r), pair));
        }
        for (java.util.Map.Entry<String, Integer> e : ErrorClass.all().entrySet()) b.constant(e.getKey(), "errorclass", e.getValue());

        b.call("MPI_Init", "environment", "start MPI on the calling process")
                .in("argc", PType.of(PType.Kind.VALUE, "int *"), "int *argc").optional("NULL")
                .in("argv", PType.of(PType.Kind.VALUE, "char ***"), "char ***argv").optional("NULL")
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    if (p.initialized()) throw new MpiException(ErrorClass.MPI_ERR_OTHER,
                            "MPI is already initialized on this rank (mpish initializes a rank at its first MPI call)");
                    p.markInitialized();
                    return null;
                });
        b.call("MPI_Initialized", "environment", "tell whether MPI_Init has been called")
                .out("flag", PType.BOOL)
                .impl((r, a) -> MpiProcess.of(r).initialized());
        b.call("MPI_Finalized", "environment", "tell whether MPI_Finalize has completed")
                .out("flag", PType.BOOL)
                .impl((r, a) -> MpiProcess.of(r).finalized());
        b.call("MPI_Finalize", "environment", "shut MPI down on the calling process")
                .impl((r, a) -> {
                    Finalizer.finalizeProcess(MpiProcess.of(r));
                    return null;
                });
        b.call("MPI_Abort", "environment", "end the whole job with an exit code")
                .in("comm", COMM).in("errorcode", INT)
                .errorsOn("comm")
                .impl((r, a) -> {
                    int code = a.i(1);
                    String who = a.comm(0).name(); // a null or freed communicator is MPI_ERR_COMM, as in MPICH
                    r.job().abort(new Job.Abort(code, "MPI_Abort(" + who + ", " + code + ") called by rank " + r.id(),
                            Job.Abort.Kind.ABORT_CALL, r.id()));
                    throw new JobAbortedException(r.job().abortReason());
                });
        b.call("MPI_Wtime", "environment", "seconds elapsed since an arbitrary moment in the past")
                .returns("double", "seconds")
                .impl((r, a) -> r.job().wtime());
        b.call("MPI_Wtick", "environment", "resolution of MPI_Wtime in seconds")
                .returns("double", "seconds")
                .impl((r, a) -> 1e-9);
        b.call("MPI_Get_version", "environment", "the version of the MPI standard implemented")
                .out("version", INT).out("subversion", INT)
                .impl((r, a) -> new Object[] {VERSION, SUBVERSION});
        b.call("MPI_Comm_rank", "communicators", "the rank of the calling process in a communicator")
                .in("comm", COMM).out("rank", INT)
                .errorsOn("comm")
                .impl((r, a) -> a.comm(0).rank());
        b.call("MPI_Comm_size", "communicators", "the number of processes in a communicator's group")
                .in("comm", COMM).out("size", INT)
                .errorsOn("comm")
                .impl((r, a) -> a.comm(0).size());
        b.call("MPI_Barrier", "collectives", "block until every process of the communicator has called it")
                .in("comm", COMM)
                .errorsOn("comm")
                .typed(OnComm.class, (r, c) -> c.exchange(null, "MPI_Barrier"));
    }

    /** The typed body of a call on one live communicator (MPI_Barrier; Catalogue.CallBuilder#typed). */
    interface OnComm {
        void run(org.mpish.runtime.Rank r, org.mpish.runtime.mpi.comm.Comm comm);
    }
}
