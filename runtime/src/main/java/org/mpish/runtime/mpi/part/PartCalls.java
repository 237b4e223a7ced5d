package org.mpish.runtime.mpi.part;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.COUNT;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;
import static org.mpish.runtime.catalog.PType.REQUEST;

import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;

/** Partitioned point-to-point communication (MPI-4.1 chapter 4). Start, wait and free are the usual request calls. */
public final class PartCalls implements CallFamily {
    private static final PType RANK = PType.integer("int", "rank");
    private static final PType TAG = PType.integer("int", "tag");

    @Override
    public void declare(Catalogue.Builder b) {
        init(b, "MPI_Psend_init", "make a persistent partitioned send request (start it with MPI_Start)", true);
        init(b, "MPI_Precv_init", "make a persistent partitioned receive request (start it with MPI_Start)", false);
        b.call("MPI_Pready", "partitioned", "mark one partition of a partitioned send ready to go")
                .in("partition", INT).in("request", REQUEST).errorsOn("request")
                .impl((r, a) -> {
                    PartRequest q = part(a, 1, true, "MPI_Pready");
                    q.channel.ready(q, new int[] {a.i(0)}, "MPI_Pready");
                    return null;
                });
        b.call("MPI_Pready_range", "partitioned", "mark the partitions from partition_low to partition_high ready")
                .in("partition_low", INT).in("partition_high", INT).in("request", REQUEST).errorsOn("request")
                .impl((r, a) -> {
                    PartRequest q = part(a, 2, true, "MPI_Pready_range");
                    int lo = a.i(0), hi = a.i(1);
                    if (hi < lo) throw new MpiException(ErrorClass.MPI_ERR_ARG, "partition_high " + hi + " is below partition_low " + lo).on(q.comm);
                    int[] ps = new int[hi - lo + 1];
                    for (int i = 0; i < ps.length; i++) ps[i] = lo + i;
                    q.channel.ready(q, ps, "MPI_Pready_range");
                    return null;
                });
        b.call("MPI_Pready_list", "partitioned", "mark the listed partitions of a partitioned send ready")
                .in("length", INT).in("array_of_partitions", INT_ARRAY, "const int array_of_partitions[]").in("request", REQUEST)
                .errorsOn("request")
                .impl((r, a) -> {
                    PartRequest q = part(a, 2, true, "MPI_Pready_list");
                    int n = a.i(0);
                    int[] list = a.ints(1);
                    if (n < 0 || n > list.length) {
                        throw new MpiException(ErrorClass.MPI_ERR_ARG, "length is " + n + " but array_of_partitions has " + list.length + " entries").on(q.comm);
                    }
                    int[] ps = java.util.Arrays.copyOf(list, n);
                    for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) {
                        if (ps[i] == ps[j]) throw new MpiException(ErrorClass.MPI_ERR_ARG, "partition " + ps[i] + " is listed twice").on(q.comm);
                    }
                    q.channel.ready(q, ps, "MPI_Pready_list");
                    return null;
                });
        b.call("MPI_Parrived", "partitioned", "tell whether one partition of a partitioned receive has arrived")
                .in("request", REQUEST).in("partition", INT).out("flag", BOOL).errorsOn("request")
                .impl((r, a) -> {
                    PartRequest q = part(a, 0, false, "MPI_Parrived");
                    return q.channel.arrived(q, a.i(1));
                });
    }

    private static void init(Catalogue.Builder b, String name, String summary, boolean send) {
        b.call(name, "partitioned", summary)
                .in("buf", BUFFER, send ? "const void *buf" : "void *buf").in("partitions", INT).in("count", COUNT)
                .in("datatype", DATATYPE).in(send ? "dest" : "source", RANK).in("tag", TAG).in("comm", COMM).in("info", INFO)
                .out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> create(r, a, send));
    }

    private static Object create(Rank r, Args a, boolean send) {
        Comm c = a.comm(6);
        long addr = a.l(0);
        int partitions = a.i(1);
        long count = a.l(2);
        Datatype t = a.type(3);
        int peer = a.i(4), tag = a.i(5);
        Handle info = a.handle(7);
        if (!info.isNull() && info.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info has been freed");
        if (partitions < 1) throw new MpiException(ErrorClass.MPI_ERR_ARG, "partitions is " + partitions + "; it must be 1 or more");
        if (count < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count is " + count + "; it must be 0 or more");
        if (!t.committed()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " is not committed (MPI_Type_commit)");
        if (!t.isContiguous() || t.lb() != 0 || t.extent() != t.size()) {
            throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " has gaps: mpish moves partitions of contiguous datatypes only");
        }
        if (tag < 0 || tag > MpiConst.TAG_UB) {
            throw new MpiException(ErrorClass.MPI_ERR_TAG, "tag is " + tag + (tag == MpiConst.ANY_TAG ? " (MPI_ANY_TAG, which partitioned receives do not take)" : "")
                    + "; it must be 0 to MPI_TAG_UB (" + MpiConst.TAG_UB + ")");
        }
        long bytes = Math.multiplyExact(Math.multiplyExact((long) partitions, count), t.size());
        t.checkBuffer(r.memory(), addr, Math.multiplyExact((long) partitions, count));
        if (c.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is an intercommunicator: mpish runs partitioned communication on intracommunicators");
        if (peer < 0 || peer >= c.size()) {
            String what = peer == MpiConst.PROC_NULL ? " (MPI_PROC_NULL, which partitioned communication does not take)"
                    : peer == MpiConst.ANY_SOURCE ? " (MPI_ANY_SOURCE, which partitioned receives do not take)" : "";
            throw new MpiException(ErrorClass.MPI_ERR_RANK, (send ? "dest" : "source") + " is " + peer + what + "; " + c.name() + " has ranks 0 to " + (c.size() - 1));
        }
        MpiProcess p = MpiProcess.of(r);
        PartRequest q = new PartRequest(r, send, c, addr, partitions, bytes / partitions, peer, tag);
        Channel.link(p, q, r.id(), c.peerWorldRank(peer));
        return p.handles().add(q);
    }

    /** The request argument as a partitioned request of the wanted side. */
    private static PartRequest part(Args a, int i, boolean send, String call) {
        Handle h = a.valid(i);
        if (!(h instanceof PartRequest q) || q.send != send) {
            throw new MpiException(ErrorClass.MPI_ERR_REQUEST, h.name() + " is not a partitioned " + (send ? "send (MPI_Psend_init)" : "receive (MPI_Precv_init)"));
        }
        return q;
    }
}
