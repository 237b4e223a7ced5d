// mpish: -n 4
// Every rank adds rank+1 to rank 0's counter and raises rank 0's maximum; the updates do not collide.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(16, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
const buf = mem.alloc(8);
mem.write(buf, MPI.LONG, [rank + 1]);
MPI.Win_fence(0, win);
MPI.Accumulate(buf, 1, MPI.LONG, 0, 0, 1, MPI.LONG, MPI.SUM, win);
MPI.Accumulate(buf, 1, MPI.LONG, 0, 1, 1, MPI.LONG, MPI.MAX, win);
MPI.Win_fence(0, win);
if (rank === 0) print(`sum ${mem.read(baseptr, MPI.LONG, 1)[0]}, max ${mem.read(baseptr + 8, MPI.LONG, 1)[0]}`);
MPI.Win_free(win);
