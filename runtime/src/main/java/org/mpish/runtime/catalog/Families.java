package org.mpish.runtime.catalog;

import java.util.List;

/** The call families that make up the catalogue, each declared in its own class. */
final class Families {
    private Families() {}

    static final List<CallFamily> ALL = List.of(
            new org.mpish.runtime.mpi.EnvCalls(),
            new org.mpish.runtime.mpi.InfoCalls(),
            new org.mpish.runtime.mpi.p2p.P2pCalls(),
            new org.mpish.runtime.mpi.p2p.RequestCalls(),
            new org.mpish.runtime.mpi.p2p.BsendCalls());
}
