package org.mpish.runtime.catalog;

import java.util.List;

/** The call families that make up the catalogue, each declared in its own class. */
final class Families {
    private Families() {}

    static final List<CallFamily> ALL = List.of(
            new org.mpish.runtime.mpi.env.EnvCalls(),
            new org.mpish.runtime.mpi.info.InfoCalls(),
            new org.mpish.runtime.mpi.env.ProcessCalls(),
            new org.mpish.runtime.mpi.env.MemCalls(),
            new org.mpish.runtime.mpi.rma.RmaCalls(),
            new org.mpish.runtime.mpi.rma.SyncCalls(),
            new org.mpish.runtime.mpi.rma.WinFlavorCalls(),
            new org.mpish.runtime.lapi.LapiContextCalls(),
            new org.mpish.runtime.lapi.LapiXferCalls(),
            new org.mpish.runtime.lapi.LapiCounterCalls(),
            new org.mpish.runtime.lapi.LapiUtilCalls(),
            new org.mpish.runtime.mpi.attr.AttrCalls(),
            new org.mpish.runtime.mpi.comm.CommCalls(),
            new org.mpish.runtime.mpi.comm.GroupCalls(),
            new org.mpish.runtime.mpi.comm.NodeCalls(),
            new org.mpish.runtime.mpi.comm.CommInfoCalls(),
            new org.mpish.runtime.mpi.comm.DynamicCalls(),
            new org.mpish.runtime.mpi.session.SessionCalls(),
            new org.mpish.runtime.mpi.datatype.TypeCalls(),
            new org.mpish.runtime.mpi.datatype.TypeQueryCalls(),
            new org.mpish.runtime.mpi.datatype.F90Calls(),
            new org.mpish.runtime.mpi.datatype.PackCalls(),
            new org.mpish.runtime.mpi.err.ErrCalls(),
            new org.mpish.runtime.mpi.rma.WinCalls(),
            new org.mpish.runtime.mpi.p2p.P2pCalls(),
            new org.mpish.runtime.mpi.p2p.RequestCalls(),
            new org.mpish.runtime.mpi.p2p.StatusCalls(),
            new org.mpish.runtime.mpi.p2p.GrequestCalls(),
            new org.mpish.runtime.mpi.p2p.BsendCalls(),
            new org.mpish.runtime.mpi.part.PartCalls(),
            new org.mpish.runtime.mpi.coll.OpCalls(),
            new org.mpish.runtime.mpi.coll.CollCalls(),
            new org.mpish.runtime.mpi.coll.TopoCalls(),
            new org.mpish.runtime.mpi.coll.GraphCalls());
}
