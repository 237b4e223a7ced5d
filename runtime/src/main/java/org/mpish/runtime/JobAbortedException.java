package org.mpish.runtime;

/** Thrown on a rank's thread when its job has been aborted (MPI_Abort, a fatal error, a deadlock, a timeout). */
public final class JobAbortedException extends RuntimeException {
    private final Job.Abort abort;

    public JobAbortedException(Job.Abort abort) {
        super(abort.message(), null, false, false);
        this.abort = abort;
    }

    public Job.Abort abort() { return abort; }
}
