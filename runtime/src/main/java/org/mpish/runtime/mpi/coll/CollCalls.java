package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.OP;
import static org.mpish.runtime.catalog.PType.REQUEST;

import java.util.function.UnaryOperator;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * The collectives (MPI-4.1 chapter 6) in their blocking, nonblocking (MPI_I..., 6.12) and persistent
 * (..._init, 6.13) forms, each declared once with its parameters; MPI_Barrier and MPI_Bcast themselves are
 * declared with the environment and communicator calls, their other forms here.
 */
public final class CollCalls implements CallFamily {
    /** MPI_IN_PLACE: an address no allocation ever has (blocks start far above it; 0 is MPI_BOTTOM, 2 MPI_BUFFER_AUTOMATIC). */
    public static final long IN_PLACE = 1;

    private static final PType BUF = PType.BUFFER;
    private static final PType TYPES = PType.handleArray(HandleKind.DATATYPE);

    /** One collective's implementation, in any of its forms. */
    interface Impl {
        Object run(Rank r, Args a, Runner run);
    }

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_IN_PLACE", "address", IN_PLACE);

        UnaryOperator<Catalogue.CallBuilder> gatherArgs = c -> c
                .in("sendbuf", BUF, "const void *sendbuf").in("sendcount", PType.COUNT_INT).in("sendtype", DATATYPE)
                .in("recvbuf", BUF, "void *recvbuf").in("recvcount", PType.COUNT_INT).in("recvtype", DATATYPE);
        UnaryOperator<Catalogue.CallBuilder> reduceArgs = c -> c
                .in("sendbuf", BUF, "const void *sendbuf").in("recvbuf", BUF, "void *recvbuf").in("count", PType.COUNT_INT)
                .in("datatype", DATATYPE).in("op", OP);

        forms(b, "MPI_Barrier", "block until every process of the communicator has called it", false,
                c -> c.in("comm", COMM), Coll::barrier);
        forms(b, "MPI_Bcast", "send a buffer from the root to every other process of a communicator", false,
                c -> c.in("buffer", BUF, "void *buffer").in("count", PType.COUNT_INT).in("datatype", DATATYPE).in("root", INT).in("comm", COMM),
                Coll::bcast);
        forms(b, "MPI_Gather", "collect a block from every process at the root", true,
                c -> gatherArgs.apply(c).in("root", INT).in("comm", COMM), (r, a, run) -> Coll.gather(r, a, false, run));
        forms(b, "MPI_Gatherv", "collect blocks of varying size from every process at the root", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcount", PType.COUNT_INT).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("displs", PType.DISPL_INT_ARRAY).in("recvtype", DATATYPE)
                        .in("root", INT).in("comm", COMM),
                (r, a, run) -> Coll.gather(r, a, true, run));
        forms(b, "MPI_Scatter", "send one block of the root's buffer to every process", true,
                c -> gatherArgs.apply(c).in("root", INT).in("comm", COMM), (r, a, run) -> Coll.scatter(r, a, false, run));
        forms(b, "MPI_Scatterv", "send blocks of varying size of the root's buffer to every process", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcounts", PType.COUNT_INT_ARRAY).in("displs", PType.DISPL_INT_ARRAY).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcount", PType.COUNT_INT).in("recvtype", DATATYPE).in("root", INT).in("comm", COMM),
                (r, a, run) -> Coll.scatter(r, a, true, run));
        forms(b, "MPI_Allgather", "collect a block from every process at every process", true,
                c -> gatherArgs.apply(c).in("comm", COMM), (r, a, run) -> Coll.allgather(r, a, false, run));
        forms(b, "MPI_Allgatherv", "collect blocks of varying size from every process at every process", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcount", PType.COUNT_INT).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("displs", PType.DISPL_INT_ARRAY).in("recvtype", DATATYPE)
                        .in("comm", COMM),
                (r, a, run) -> Coll.allgather(r, a, true, run));
        forms(b, "MPI_Alltoall", "send a distinct block from every process to every process", true,
                c -> gatherArgs.apply(c).in("comm", COMM), (r, a, run) -> CollAlltoall.alltoall(r, a, 0, run));
        forms(b, "MPI_Alltoallv", "all-to-all exchange with block sizes and places given per process", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcounts", PType.COUNT_INT_ARRAY).in("sdispls", PType.DISPL_INT_ARRAY).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("rdispls", PType.DISPL_INT_ARRAY).in("recvtype", DATATYPE)
                        .in("comm", COMM),
                (r, a, run) -> CollAlltoall.alltoall(r, a, 1, run));
        forms(b, "MPI_Alltoallw", "all-to-all exchange with sizes, byte displacements and datatypes per process", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcounts", PType.COUNT_INT_ARRAY).in("sdispls", PType.DISPL_INT_ARRAY).in("sendtypes", TYPES)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("rdispls", PType.DISPL_INT_ARRAY).in("recvtypes", TYPES)
                        .in("comm", COMM),
                (r, a, run) -> CollAlltoall.alltoall(r, a, 2, run));
        forms(b, "MPI_Reduce", "combine the buffers of every process with an operation, result at the root", true,
                c -> reduceArgs.apply(c).in("root", INT).in("comm", COMM), CollReduce::reduce);
        forms(b, "MPI_Allreduce", "combine the buffers of every process with an operation, result everywhere", true,
                c -> reduceArgs.apply(c).in("comm", COMM), CollReduce::allreduce);
        forms(b, "MPI_Reduce_scatter_block", "reduce, then give each process an equal block of the result", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("recvbuf", BUF, "void *recvbuf").in("recvcount", PType.COUNT_INT)
                        .in("datatype", DATATYPE).in("op", OP).in("comm", COMM),
                (r, a, run) -> CollReduce.reduceScatter(r, a, true, run));
        forms(b, "MPI_Reduce_scatter", "reduce, then give each process its own block of the result", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY)
                        .in("datatype", DATATYPE).in("op", OP).in("comm", COMM),
                (r, a, run) -> CollReduce.reduceScatter(r, a, false, run));
        forms(b, "MPI_Scan", "inclusive prefix reduction over the ranks", true,
                c -> reduceArgs.apply(c).in("comm", COMM), (r, a, run) -> CollReduce.scan(r, a, false, run));
        PType aints = PType.of(PType.Kind.LONG_ARRAY, "MPI_Aint");
        forms(b, "MPI_Neighbor_allgather", "collect a block from each neighbour of a process topology", true,
                c -> gatherArgs.apply(c).in("comm", COMM), (r, a, run) -> CollNeighbor.run(r, a, CollNeighbor.Form.ALLGATHER, run));
        forms(b, "MPI_Neighbor_allgatherv", "collect blocks of varying size from each neighbour of a process topology", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcount", PType.COUNT_INT).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("displs", PType.DISPL_INT_ARRAY).in("recvtype", DATATYPE)
                        .in("comm", COMM),
                (r, a, run) -> CollNeighbor.run(r, a, CollNeighbor.Form.ALLGATHERV, run));
        forms(b, "MPI_Neighbor_alltoall", "send a distinct block to each neighbour of a process topology and receive one from each", true,
                c -> gatherArgs.apply(c).in("comm", COMM), (r, a, run) -> CollNeighbor.run(r, a, CollNeighbor.Form.ALLTOALL, run));
        forms(b, "MPI_Neighbor_alltoallv", "neighbour exchange with block sizes and places given per neighbour", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcounts", PType.COUNT_INT_ARRAY).in("sdispls", PType.DISPL_INT_ARRAY).in("sendtype", DATATYPE)
                        .in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY).in("rdispls", PType.DISPL_INT_ARRAY).in("recvtype", DATATYPE)
                        .in("comm", COMM),
                (r, a, run) -> CollNeighbor.run(r, a, CollNeighbor.Form.ALLTOALLV, run));
        forms(b, "MPI_Neighbor_alltoallw", "neighbour exchange with sizes, byte displacements and datatypes per neighbour", true,
                c -> c.in("sendbuf", BUF, "const void *sendbuf").in("sendcounts", PType.COUNT_INT_ARRAY).in("sdispls", aints, "const MPI_Aint sdispls[]")
                        .in("sendtypes", TYPES).in("recvbuf", BUF, "void *recvbuf").in("recvcounts", PType.COUNT_INT_ARRAY)
                        .in("rdispls", aints, "const MPI_Aint rdispls[]").in("recvtypes", TYPES).in("comm", COMM),
                (r, a, run) -> CollNeighbor.run(r, a, CollNeighbor.Form.ALLTOALLW, run));
        forms(b, "MPI_Exscan", "exclusive prefix reduction over the ranks", true,
                c -> reduceArgs.apply(c).in("comm", COMM), (r, a, run) -> CollReduce.scan(r, a, true, run));
    }

    /**
     * Declares a collective's forms from one parameter list: the blocking call (unless declared elsewhere:
     * {@code blocking} false), MPI_I... with a request as the last parameter, and ..._init with an info and a
     * request. The comm parameter is the last of the list, so every form has the same input positions.
     */
    private static void forms(Catalogue.Builder b, String name, String summary, boolean blocking,
                              UnaryOperator<Catalogue.CallBuilder> params, Impl impl) {
        String lower = Character.toLowerCase(summary.charAt(0)) + summary.substring(1);
        if (blocking) {
            params.apply(b.call(name, "collectives", summary)).errorsOn("comm").impl((r, a) -> impl.run(r, a, Runner.BLOCKING));
        }
        String iname = Runner.NONBLOCKING.name(name);
        params.apply(b.call(iname, "collectives", "start to " + lower + " (nonblocking)"))
                .out("request", REQUEST).errorsOn("comm").impl((r, a) -> impl.run(r, a, Runner.NONBLOCKING));
        String init = name + "_init";
        params.apply(b.call(init, "collectives", "make a persistent request to " + lower))
                .in("info", INFO).out("request", REQUEST).errorsOn("comm")
                .impl((r, a) -> {
                    Comm c = commOf(a);
                    int info = a.count() - 1;
                    if (!a.handle(info).isNull()) a.valid(info); // MPI_INFO_NULL, or a live info object
                    impl.run(r, a, Runner.checkOnly(init)); // bad arguments fail here, not at MPI_Start
                    Runner once = Runner.started(init);
                    return MpiProcess.of(r).handles().add(new PersistentColl(c, init, () -> impl.run(r, a, once)));
                });
    }

    /** The comm argument: the last input of every form but ..._init, where info follows it. */
    private static Comm commOf(Args a) {
        int last = a.count() - 1;
        return a.handle(last) instanceof Comm ? a.comm(last) : a.comm(last - 1);
    }
}
