// mpish-compare: differs /holds \d+/ MPICH 4.0.2 loses the put into rank 1's part of an MPI_Win_allocate window (so does this program in C, with or without the assertions)
// Fence epochs with their assertions: NOPRECEDE on the first fence (nothing to complete),
// NOSTORE|NOPUT when the window memory was not touched, NOSUCCEED on the last one.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(8, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
mem.write(baseptr, MPI.INT, [rank, 0]);
const buf = mem.alloc(4);
MPI.Win_fence(MPI.MODE_NOPRECEDE, win);
MPI.Get(buf, 1, MPI.INT, 1 - rank, 0, 1, MPI.INT, win);   // read the other rank's slot 0
MPI.Win_fence(MPI.MODE_NOSTORE | MPI.MODE_NOPUT, win);
MPI.Put(buf, 1, MPI.INT, 1 - rank, 1, 1, MPI.INT, win);   // and send it back to its slot 1
MPI.Win_fence(MPI.MODE_NOSUCCEED, win);
print(`rank ${rank}: slot 1 holds ${mem.read(baseptr + 4, MPI.INT, 1)[0]}, my own rank, after a round trip`);
MPI.Win_free(win);
