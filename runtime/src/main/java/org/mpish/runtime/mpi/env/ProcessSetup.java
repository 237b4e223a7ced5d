package org.mpish.runtime.mpi.env;

import java.util.List;
import java.util.Map;
import org.mpish.runtime.Job;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.HandleTable;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.Predefined;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.attr.Keyval;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.comm.CommShared;
import org.mpish.runtime.mpi.comm.Group;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.err.Errhandler;

/**
 * What every MPI process starts with (an {@link MpiProcess#START} hook the environment wires into each job):
 * MPI_COMM_WORLD and MPI_COMM_SELF, then the predefined handles. Datatypes are per process (they can cache
 * attributes); error handlers and the empty group are immutable and shared.
 */
final class ProcessSetup {
    private ProcessSetup() {}

    /** The key of MPI_COMM_WORLD's shared part in {@link Job#shared}: created once per job, gone with the job. */
    private static final Object WORLD = new Object();

    /** Pair types for MINLOC / MAXLOC: name, value type, index type. */
    static final List<List<Object>> PAIRS = List.of(
        List.of("MPI_2INT", BasicType.INT, BasicType.INT),
        List.of("MPI_SHORT_INT", BasicType.SHORT, BasicType.INT),
        List.of("MPI_LONG_INT", BasicType.LONG, BasicType.INT),
        List.of("MPI_FLOAT_INT", BasicType.FLOAT, BasicType.INT),
        List.of("MPI_DOUBLE_INT", BasicType.DOUBLE, BasicType.INT));

    static void start(MpiProcess p) {
        Job job = p.rank().job();
        int id = p.rank().id(), n = job.size();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        HandleTable t = p.handles();
        CommShared.contextIds(job); // made here, not inside the initialiser below (nested creation is not allowed)
        CommShared ws = job.shared(WORLD, () -> new CommShared(job, all));
        Comm world = t.predefined(new Comm(p, ws, new Group(all), null, id, true, "MPI_COMM_WORLD"));
        Comm self = t.predefined(new Comm(p, new CommShared(job, new int[] {id}), new Group(new int[] {id}), null, 0, true, "MPI_COMM_SELF"));
        p.setCommunicators(world, self);
        for (BasicType b : BasicType.values()) t.predefined(Datatype.predefined(b));
        for (List<Object> pair : PAIRS) {
            t.predefined(Datatype.predefinedPair((String) pair.get(0), (BasicType) pair.get(1), (BasicType) pair.get(2)));
        }
        t.predefined(Errhandler.ERRORS_ARE_FATAL);
        t.predefined(Errhandler.ERRORS_RETURN);
        t.predefined(Errhandler.ERRORS_ABORT);
        t.predefined(Group.EMPTY);
        for (Map.Entry<String, int[]> e : Predefined.KEYVALS.entrySet()) {
            Keyval k = new Keyval(e.getValue()[0], HandleKind.values()[e.getValue()[1]], null, null, null, true, false, e.getKey());
            t.predefined(k);
            Attributes.keyvals(p).put(k.value(), k);
        }
    }
}
