// A shared-memory window: rank 1 stores straight into rank 0's segment, with MPI_Win_sync
// ordering the stores and loads around a barrier, inside a lock_all epoch.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate_shared(8, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
const zero = MPI.Win_shared_query(win, 0);      // rank 0's segment, addressed from this rank
MPI.Win_lock_all(0, win);
if (rank === 1) mem.write(zero.baseptr, MPI.LONG, [4242]);   // a plain store, no MPI_Put
MPI.Win_sync(win);
MPI.Barrier(MPI.COMM_WORLD);
MPI.Win_sync(win);
if (rank === 0) print(`rank 0 loads ${mem.read(baseptr, MPI.LONG, 1)[0]} from its own segment`);
MPI.Win_unlock_all(win);
MPI.Win_free(win);
