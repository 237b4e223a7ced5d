// mpish-compare: differs /holds \d+ \d+/ MPICH 4.0.2 loses RMA into rank 1's part of an MPI_Win_allocate window (as in MPI_Rput's example)
// Flushes complete operations without ending the lock epoch: flush_local makes the origin
// buffer reusable, flush completes the operation at the target as well.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(8, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const buf = mem.alloc(4);
const peer = 1 - rank;
MPI.Win_lock_all(0, win);
mem.write(buf, MPI.INT, [rank + 100]);
MPI.Put(buf, 1, MPI.INT, peer, 0, 1, MPI.INT, win);
MPI.Win_flush_local(peer, win);         // buf may be overwritten now
mem.write(buf, MPI.INT, [rank + 200]);
MPI.Put(buf, 1, MPI.INT, peer, 1, 1, MPI.INT, win);
MPI.Win_flush_local_all(win);
MPI.Win_flush(peer, win);               // both puts are complete at the peer
MPI.Win_flush_all(win);                 // (nothing left to complete anywhere)
MPI.Win_unlock_all(win);
MPI.Barrier(MPI.COMM_WORLD);
print(`rank ${rank} holds ${mem.read(baseptr, MPI.INT, 2).join(" ")}`);
MPI.Win_free(win);
