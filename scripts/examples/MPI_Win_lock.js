// mpish: -n 4
// Passive target: each rank appends its rank to a list kept at rank 0, under an exclusive lock
// (slot 0 is the length, the entries follow). Rank 0 takes no part in the transfers.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4 * (size + 1), 4, MPI.INFO_NULL, MPI.COMM_WORLD);
if (rank === 0) mem.write(baseptr, MPI.INT, [0]);
MPI.Barrier(MPI.COMM_WORLD);
const buf = mem.alloc(8);
MPI.Win_lock(MPI.LOCK_EXCLUSIVE, 0, 0, win);
MPI.Get(buf, 1, MPI.INT, 0, 0, 1, MPI.INT, win);
MPI.Win_flush(0, win);
const n = mem.read(buf, MPI.INT, 1)[0];
mem.write(buf, MPI.INT, [n + 1, rank]);
MPI.Put(buf, 1, MPI.INT, 0, 0, 1, MPI.INT, win);
MPI.Put(buf + 4, 1, MPI.INT, 0, n + 1, 1, MPI.INT, win);
MPI.Win_unlock(0, win);
MPI.Barrier(MPI.COMM_WORLD);
if (rank === 0) print(`${mem.read(baseptr, MPI.INT, 1)[0]} entries: ${mem.read(baseptr + 4, MPI.INT, size).sort().join(" ")}`);
MPI.Win_free(win);
