package org.mpish.runtime.mpi.coll;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;
import static org.mpish.runtime.catalog.PType.OP;

import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.HandleKind;

/** The blocking collectives on intra- and intercommunicators (MPI-4.1 chapter 6), beside MPI_Barrier and MPI_Bcast. */
public final class CollCalls implements CallFamily {
    /** MPI_IN_PLACE: an address no allocation ever has (blocks start far above it; 0 is MPI_BOTTOM, 2 MPI_BUFFER_AUTOMATIC). */
    public static final long IN_PLACE = 1;

    private static final PType SBUF = PType.BUFFER, RBUF = PType.BUFFER;
    private static final PType TYPES = PType.handleArray(HandleKind.DATATYPE);

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_IN_PLACE", "address", IN_PLACE);

        b.call("MPI_Gather", "collectives", "collect a block from every process at the root")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT).in("recvtype", DATATYPE).in("root", INT).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.gather(r, a, false));
        b.call("MPI_Gatherv", "collectives", "collect blocks of varying size from every process at the root")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcounts", INT_ARRAY).in("displs", INT_ARRAY).in("recvtype", DATATYPE)
                .in("root", INT).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.gather(r, a, true));
        b.call("MPI_Scatter", "collectives", "send one block of the root's buffer to every process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT).in("recvtype", DATATYPE).in("root", INT).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.scatter(r, a, false));
        b.call("MPI_Scatterv", "collectives", "send blocks of varying size of the root's buffer to every process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcounts", INT_ARRAY).in("displs", INT_ARRAY).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT).in("recvtype", DATATYPE).in("root", INT).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.scatter(r, a, true));
        b.call("MPI_Allgather", "collectives", "collect a block from every process at every process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT).in("recvtype", DATATYPE).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.allgather(r, a, false));
        b.call("MPI_Allgatherv", "collectives", "collect blocks of varying size from every process at every process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcounts", INT_ARRAY).in("displs", INT_ARRAY).in("recvtype", DATATYPE)
                .in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.allgather(r, a, true));
        b.call("MPI_Alltoall", "collectives", "send a distinct block from every process to every process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcount", INT).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT).in("recvtype", DATATYPE).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.alltoall(r, a, 0));
        b.call("MPI_Alltoallv", "collectives", "all-to-all exchange with block sizes and places given per process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcounts", INT_ARRAY).in("sdispls", INT_ARRAY).in("sendtype", DATATYPE)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcounts", INT_ARRAY).in("rdispls", INT_ARRAY).in("recvtype", DATATYPE)
                .in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.alltoall(r, a, 1));
        b.call("MPI_Alltoallw", "collectives", "all-to-all exchange with sizes, byte displacements and datatypes per process")
                .in("sendbuf", SBUF, "const void *sendbuf").in("sendcounts", INT_ARRAY).in("sdispls", INT_ARRAY).in("sendtypes", TYPES)
                .in("recvbuf", RBUF, "void *recvbuf").in("recvcounts", INT_ARRAY).in("rdispls", INT_ARRAY).in("recvtypes", TYPES)
                .in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> Coll.alltoall(r, a, 2));
        b.call("MPI_Reduce", "collectives", "combine the buffers of every process with an operation, result at the root")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("count", INT)
                .in("datatype", DATATYPE).in("op", OP).in("root", INT).in("comm", COMM)
                .errorsOn("comm").impl(CollReduce::reduce);
        b.call("MPI_Allreduce", "collectives", "combine the buffers of every process with an operation, result everywhere")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("count", INT)
                .in("datatype", DATATYPE).in("op", OP).in("comm", COMM)
                .errorsOn("comm").impl(CollReduce::allreduce);
        b.call("MPI_Reduce_scatter_block", "collectives", "reduce, then give each process an equal block of the result")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("recvcount", INT)
                .in("datatype", DATATYPE).in("op", OP).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> CollReduce.reduceScatter(r, a, true));
        b.call("MPI_Reduce_scatter", "collectives", "reduce, then give each process its own block of the result")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("recvcounts", INT_ARRAY)
                .in("datatype", DATATYPE).in("op", OP).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> CollReduce.reduceScatter(r, a, false));
        b.call("MPI_Scan", "collectives", "inclusive prefix reduction over the ranks")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("count", INT)
                .in("datatype", DATATYPE).in("op", OP).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> CollReduce.scan(r, a, false));
        b.call("MPI_Exscan", "collectives", "exclusive prefix reduction over the ranks")
                .in("sendbuf", SBUF, "const void *sendbuf").in("recvbuf", RBUF, "void *recvbuf").in("count", INT)
                .in("datatype", DATATYPE).in("op", OP).in("comm", COMM)
                .errorsOn("comm").impl((r, a) -> CollReduce.scan(r, a, true));
    }
}
