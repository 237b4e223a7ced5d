package org.mpish.runtime.mpi.p2p;

import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiConst;

/** Argument checks shared by the point-to-point calls, in MPICH's order: comm, count, datatype, tag, rank, buffer. */
final class Check {
    private Check() {}

    static int sendTag(int tag) {
        if (tag < 0 || tag > MpiConst.TAG_UB) {
            throw new MpiException(ErrorClass.MPI_ERR_TAG, "tag " + tag + (tag == MpiConst.ANY_TAG ? " (MPI_ANY_TAG)" : "")
                    + " cannot be sent: tags run from 0 to MPI_TAG_UB (" + MpiConst.TAG_UB + ")");
        }
        return tag;
    }

    static int recvTag(int tag) {
        if (tag != MpiConst.ANY_TAG && (tag < 0 || tag > MpiConst.TAG_UB)) {
            throw new MpiException(ErrorClass.MPI_ERR_TAG, "tag " + tag + " is neither MPI_ANY_TAG nor in 0..MPI_TAG_UB (" + MpiConst.TAG_UB + ")");
        }
        return tag;
    }

    static int dest(Comm c, int d) {
        if (d == MpiConst.PROC_NULL) return d;
        if (d < 0 || d >= c.peerSize()) throw badRank(c, "dest", d);
        return d;
    }

    static int source(Comm c, int s) {
        if (s == MpiConst.PROC_NULL || s == MpiConst.ANY_SOURCE) return s;
        if (s < 0 || s >= c.peerSize()) throw badRank(c, "source", s);
        return s;
    }

    private static MpiException badRank(Comm c, String what, int v) {
        String named = v == MpiConst.ANY_SOURCE ? " (MPI_ANY_SOURCE)" : v == MpiConst.ROOT ? " (MPI_ROOT)" : "";
        return new MpiException(ErrorClass.MPI_ERR_RANK, what + " = " + v + named + ", but " + c.name() + " has "
                + (c.isInter() ? "remote ranks" : "ranks") + " 0 to " + (c.peerSize() - 1)
                + (what.equals("dest") ? " (or MPI_PROC_NULL)" : " (or MPI_ANY_SOURCE, MPI_PROC_NULL)"));
    }

    /** The buffer, checked to lie in this rank's memory (MemoryFault, i.e. MPI_ERR_BUFFER, if not). */
    static Transfer.Layout buffer(Rank r, long addr, long count, Datatype t) {
        if (t != null && t.size() > 0 && count > Long.MAX_VALUE / t.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count = " + count + " elements of " + t.size() + " bytes is more than 2^63 - 1 bytes");
        }
        Transfer.Layout l = new Transfer.Layout(r.memory(), addr, t, count);
        l.check();
        return l;
    }
}
