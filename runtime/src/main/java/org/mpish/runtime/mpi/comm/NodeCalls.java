package org.mpish.runtime.mpi.comm;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;

import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiConst;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.info.Info;

/**
 * What depends on where ranks run (MPI-4.1 7.4.2 MPI_Comm_split_type, 9.1 MPI_Get_processor_name): the job
 * places its ranks on simulated nodes ({@link Job#nodeOf}); memory is shared within a node only.
 */
public final class NodeCalls implements CallFamily {
    /** MPICH's values of the split types. */
    public static final int SHARED = 1, HW_GUIDED = 2, HW_UNGUIDED = 3;
    /** The info key of MPI_COMM_TYPE_HW_GUIDED and the one resource type every implementation knows (a node's shared memory). */
    static final String HW_KEY = "mpi_hw_resource_type", SHARED_MEMORY = "mpi_shared_memory";

    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_COMM_TYPE_SHARED", "splittype", SHARED);
        b.constant("MPI_COMM_TYPE_HW_GUIDED", "splittype", HW_GUIDED);
        b.constant("MPI_COMM_TYPE_HW_UNGUIDED", "splittype", HW_UNGUIDED);

        b.call("MPI_Comm_split_type", "communicators", "partition a communicator by the hardware its processes share (node)")
                .in("comm", COMM).in("split_type", PType.integer("int", "splittype")).in("key", INT).in("info", INFO).out("newcomm", COMM)
                .errorsOn("comm").impl(NodeCalls::splitType);
        b.call("MPI_Get_processor_name", "environment", "the name of the (simulated) node this process runs on")
                .out("name", STRING, "char *name").out("resultlen", INT)
                .impl((r, a) -> {
                    String n = r.job().nodeName(r.job().nodeOf(r.id()));
                    return new Object[] {n, n.length()};
                });
    }

    /**
     * MPI_Comm_split_type: the color is this process's node (or MPI_UNDEFINED), then as MPI_Comm_split. With
     * HW_GUIDED the info key names the resource; mpish knows "mpi_shared_memory" (the node) and gives
     * MPI_COMM_NULL for any other or none. HW_UNGUIDED gives the node only when it is a strict subset of comm
     * for this process (mpish models no level between node and process), else MPI_COMM_NULL.
     */
    private static Object splitType(Rank r, Args a) {
        Comm c = a.comm(0);
        int type = a.i(1), key = a.i(2);
        Handle info = a.handle(3);
        if (!info.isNull()) a.valid(3);
        int node = r.job().nodeOf(r.id());
        int color = switch (type) {
            case MpiConst.UNDEFINED -> MpiConst.UNDEFINED;
            case SHARED -> node;
            case HW_GUIDED -> {
                String v = info.isNull() ? null : ((Info) info).get(HW_KEY);
                yield SHARED_MEMORY.equals(v) ? node : MpiConst.UNDEFINED;
            }
            case HW_UNGUIDED -> Nodes.onOneNode(c, node) ? MpiConst.UNDEFINED : node;
            default -> throw new MpiException(ErrorClass.MPI_ERR_ARG, "split_type = " + type
                    + "; it is MPI_COMM_TYPE_SHARED, MPI_COMM_TYPE_HW_GUIDED, MPI_COMM_TYPE_HW_UNGUIDED or MPI_UNDEFINED");
        };
        Comm n = Comms.partition(MpiProcess.of(r), c, color, key, "MPI_Comm_split_type");
        return n == null ? Handle.nullOf(HandleKind.COMM) : n;
    }
}
