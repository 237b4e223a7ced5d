package org.mpish.runtime.catalog;

import java.util.List;

/** The call families that make up the catalogue, each declared in its own class. */
final class Families {
    private Families() {}

    static final List<CallFamily> ALL = List.of(
            new org.mpish.runtime.mpi.EnvCalls(),
            new org.mpish.runtime.mpi.InfoCalls(),
            new org.mpish.runtime.mpi.MemCalls(),
            new org.mpish.runtime.mpi.RmaCalls(),
            new org.mpish.runtime.mpi.SyncCalls(),
            new org.mpish.runtime.mpi.WinFlavorCalls(),
            new org.mpish.runtime.lapi.LapiContextCalls(),
            new org.mpish.runtime.lapi.LapiXferCalls(),
            new org.mpish.runtime.lapi.LapiCounterCalls(),
            new org.mpish.runtime.lapi.LapiUtilCalls(),
            new org.mpish.runtime.mpi.AttrCalls(),
            new org.mpish.runtime.mpi.CommCalls(),
            new org.mpish.runtime.mpi.GroupCalls(),
            new org.mpish.runtime.mpi.TypeCalls(),
            new org.mpish.runtime.mpi.ErrCalls(),
            new org.mpish.runtime.mpi.WinCalls(),
            new org.mpish.runtime.mpi.p2p.P2pCalls(),
            new org.mpish.runtime.mpi.p2p.RequestCalls(),
            new org.mpish.runtime.mpi.p2p.BsendCalls(),
            new org.mpish.runtime.mpi.coll.OpCalls(),
            new org.mpish.runtime.mpi.coll.CollCalls(),
            new org.mpish.runtime.mpi.coll.TopoCalls());
}
