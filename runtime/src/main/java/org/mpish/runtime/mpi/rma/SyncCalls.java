package org.mpish.runtime.mpi.rma;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.GROUP;
import static org.mpish.runtime.catalog.PType.WIN;

import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;

/**
 * RMA synchronization: fence, PSCW, passive target, flushes and sync, with the MPI_MODE_* assert flags and
 * the lock types. Assert values are MPICH's (R48), lock types too.
 */
public final class SyncCalls implements CallFamily {
    static final PType ASSERT = PType.integer("int", "assert");
    static final PType LOCKTYPE = PType.integer("int", "locktype");
    static final PType RANK = PType.integer("int", "rank");

    @Override
    public void wire(Job job, Catalogue catalogue) { RmaFreeCheck.wire(job.hooks()); }

    @Override
    public void declare(Catalogue.Builder b) {
        for (int i = 0; i < RmaModes.MODE_NAMES.size(); i++) b.constant(RmaModes.MODE_NAMES.get(i), "assert", RmaModes.MODE_VALUES.get(i));
        b.constant("MPI_LOCK_EXCLUSIVE", "locktype", RmaModes.LOCK_EXCLUSIVE);
        b.constant("MPI_LOCK_SHARED", "locktype", RmaModes.LOCK_SHARED);

        b.call("MPI_Win_fence", "rma", "end the current fence epoch on a window and start the next")
                .in("assert", ASSERT).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaSync.fence(r, a.win(1), a.i(0)); return null; });
        b.call("MPI_Win_post", "rma", "expose the local window to a group of origins")
                .in("group", GROUP).in("assert", ASSERT).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaSync.post(r, a.win(2), a.group(0), a.i(1)); return null; });
        b.call("MPI_Win_start", "rma", "open an access epoch to a group of targets")
                .in("group", GROUP).in("assert", ASSERT).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaSync.start(r, a.win(2), a.group(0), a.i(1)); return null; });
        b.call("MPI_Win_complete", "rma", "close the access epoch opened by MPI_Win_start")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaSync.complete(r, a.win(0)); return null; });
        b.call("MPI_Win_wait", "rma", "close the exposure epoch opened by MPI_Win_post, once every origin completed")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaSync.waitExposure(r, a.win(0)); return null; });
        b.call("MPI_Win_test", "rma", "close the exposure epoch if every origin has completed, without blocking")
                .in("win", WIN).out("flag", BOOL).errorsOn("win")
                .impl((r, a) -> RmaSync.test(r, a.win(0)));
        b.call("MPI_Win_lock", "rma", "open a passive-target epoch to one rank, under a shared or exclusive lock")
                .in("lock_type", LOCKTYPE).in("rank", RANK).in("assert", ASSERT).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.lock(r, a.win(3), a.i(0), a.i(1), a.i(2)); return null; });
        b.call("MPI_Win_unlock", "rma", "close the passive-target epoch to one rank, completing its operations")
                .in("rank", RANK).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.unlock(r, a.win(1), a.i(0)); return null; });
        b.call("MPI_Win_lock_all", "rma", "open a passive-target epoch to every rank under shared locks")
                .in("assert", ASSERT).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.lockAll(r, a.win(1), a.i(0)); return null; });
        b.call("MPI_Win_unlock_all", "rma", "close the MPI_Win_lock_all epoch, completing its operations")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.unlockAll(r, a.win(0)); return null; });
        b.call("MPI_Win_flush", "rma", "complete at origin and target every operation issued to one rank")
                .in("rank", RANK).in("win", WIN).errorsOn("win")
                .typed(RankWin.class, (r, rank, w) -> RmaLocks.flush(r, w, rank, false, false));
        b.call("MPI_Win_flush_all", "rma", "complete at origin and target every operation issued on the window")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.flush(r, a.win(0), -1, true, false); return null; });
        b.call("MPI_Win_flush_local", "rma", "complete at the origin every operation issued to one rank")
                .in("rank", RANK).in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.flush(r, a.win(1), a.i(0), false, true); return null; });
        b.call("MPI_Win_flush_local_all", "rma", "complete at the origin every operation issued on the window")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.flush(r, a.win(0), -1, true, true); return null; });
        b.call("MPI_Win_sync", "rma", "order the caller's loads and stores on window memory")
                .in("win", WIN).errorsOn("win")
                .impl((r, a) -> { RmaLocks.winSync(r, a.win(0)); return null; });
    }

    /** The typed body of a call on one rank of a window (MPI_Win_flush). */
    interface RankWin {
        void run(Rank r, int rank, Win win);
    }
}
