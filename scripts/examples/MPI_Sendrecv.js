// mpish: -n 3
// Everybody shifts a value one step to the right around a ring, in one call, without deadlock.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm), size = MPI.Comm_size(comm);
const right = (rank + 1) % size, left = (rank + size - 1) % size;
const out = mem.alloc(4), into = mem.alloc(4);
mem.write(out, MPI.INT, [rank * 100]);
MPI.Sendrecv(out, 1, MPI.INT, right, 0, into, 1, MPI.INT, left, 0, comm);
MPI.Sendrecv_replace(out, 1, MPI.INT, right, 1, left, 1, comm);   // the same, in place
MPI.Barrier(comm);
if (rank === 0) print(`rank 0 got ${mem.read(into, MPI.INT, 1)} and, in place, ${mem.read(out, MPI.INT, 1)}`);
