// mpish-compare: differs /read back \d+ \d+/ MPICH 4.0.2 loses rank 0's put into rank 1's part of an MPI_Win_allocate window here (so does this program in C; with MPI_Win_create the data arrives)
// Request-based put and get inside a passive-target epoch: MPI_Wait gives origin completion,
// MPI_Win_flush (or the unlock) completion at the target.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(8, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const out = mem.alloc(8), back = mem.alloc(8);
mem.write(out, MPI.INT, [rank, rank + 10]);
const peer = 1 - rank;
MPI.Win_lock(MPI.LOCK_SHARED, peer, 0, win);
const put = MPI.Rput(out, 2, MPI.INT, peer, 0, 2, MPI.INT, win);
MPI.Wait(put);                     // `out` may be reused now
MPI.Win_flush(peer, win);          // the put is complete at the peer too
const get = MPI.Rget(back, 2, MPI.INT, peer, 0, 2, MPI.INT, win);
MPI.Wait(get);                     // the data is in `back`
MPI.Win_unlock(peer, win);
print(`rank ${rank} wrote and read back ${mem.read(back, MPI.INT, 2).join(" ")}`);
MPI.Barrier(MPI.COMM_WORLD);
MPI.Win_free(win);
