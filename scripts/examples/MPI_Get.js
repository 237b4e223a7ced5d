// Every rank reads rank 0's four ints with one MPI_Get.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(16, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
if (rank === 0) mem.write(baseptr, MPI.INT, [10, 20, 30, 40]);
const buf = mem.alloc(16);
MPI.Win_fence(0, win);
MPI.Get(buf, 4, MPI.INT, 0, 0, 4, MPI.INT, win);
MPI.Win_fence(0, win);   // the data has arrived only now
print(`rank ${rank} read ${mem.read(buf, MPI.INT, 4).join(" ")}`);
MPI.Win_free(win);
