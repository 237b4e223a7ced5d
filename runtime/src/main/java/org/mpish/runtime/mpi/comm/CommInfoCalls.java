package org.mpish.runtime.mpi.comm;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.REQUEST;

import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.CompletedRequest;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.info.Info;

/** The hints of a communicator: MPI_Comm_set_info, MPI_Comm_get_info, MPI_Comm_idup_with_info (MPI-4.1 section 7.4.4). */
public final class CommInfoCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Comm_set_info", "communicators", "set the hints of a communicator")
                .in("comm", COMM).in("info", INFO)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = a.comm(0);
                    CommHints.apply(MpiProcess.of(r), c, entries(a, 1));
                    return null;
                });
        b.call("MPI_Comm_get_info", "communicators", "a new info object holding the hints of a communicator")
                .in("comm", COMM).out("info_used", INFO)
                .errorsOn("comm")
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    return p.handles().add(new Info(CommHints.of(p, a.comm(0))));
                });
        b.call("MPI_Comm_idup_with_info", "communicators", "start duplicating a communicator with new hints; mpish completes it at once")
                .in("comm", COMM).in("info", INFO).out("newcomm", COMM).out("request", REQUEST)
                .errorsOn("comm")
                .impl((r, a) -> {
                    MpiProcess p = MpiProcess.of(r);
                    java.util.Map<String, String> hints = entries(a, 1);
                    Comm n = Comms.dup(p, a.comm(0), "MPI_Comm_idup_with_info");
                    CommHints.apply(p, n, hints);
                    return new Object[] {n, p.handles().add(new CompletedRequest(r, "MPI_Comm_idup_with_info"))};
                });
    }

    /** The entries of an info argument; MPI_INFO_NULL is no hints, a freed info object an error. */
    static java.util.Map<String, String> entries(Args a, int i) {
        Handle info = a.handle(i);
        if (!info.isNull() && info.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info has been freed");
        return Info.entriesOf(info);
    }
}
