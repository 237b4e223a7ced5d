// Each rank puts its rank number into its right neighbour's window, between two fences.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const buf = mem.alloc(4);
mem.write(buf, MPI.INT, [rank]);
MPI.Win_fence(0, win);
MPI.Put(buf, 1, MPI.INT, (rank + 1) % size, 0, 1, MPI.INT, win);
MPI.Win_fence(0, win);
print(`rank ${rank} got ${mem.read(baseptr, MPI.INT, 1)[0]}`);
MPI.Win_free(win);
