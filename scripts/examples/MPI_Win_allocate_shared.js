// mpish: -n 3
// Shared-memory window: the segments sit back to back in rank order, and every rank can load
// and store any of them through the address MPI_Win_shared_query gives it.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate_shared(8, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
mem.write(baseptr, MPI.LONG, [rank * 1000]);
MPI.Win_fence(0, win);
const first = MPI.Win_shared_query(win, 0);
const values = mem.read(first.baseptr, MPI.LONG, size);     // all segments in one read
const last = MPI.Win_shared_query(win, size - 1);
print(`rank ${rank} sees ${values.join(" ")}; rank ${size - 1}'s segment is ${last.size} bytes, ${last.baseptr - first.baseptr} bytes after rank 0's`);
MPI.Win_fence(0, win);
MPI.Win_free(win);
