// mpish: -n 3
// mpish-compare: differs /(took the slot from|the slot now holds) \d+/ which rank's swap reaches the slot first is the library's timing; in-process it is one fixed order
// Each rank swaps its value into rank 0's slot (MPI_REPLACE) and gets the previous one back;
// afterwards it reads the slot atomically with MPI_NO_OP.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const mine = mem.alloc(4), old = mem.alloc(4);
mem.write(mine, MPI.INT, [100 + rank]);
MPI.Win_lock(MPI.LOCK_EXCLUSIVE, 0, 0, win);
MPI.Get_accumulate(mine, 1, MPI.INT, old, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.REPLACE, win);
MPI.Win_unlock(0, win);
print(`rank ${rank} took the slot from ${mem.read(old, MPI.INT, 1)[0]}`);
MPI.Barrier(MPI.COMM_WORLD);
MPI.Win_lock(MPI.LOCK_SHARED, 0, 0, win);
MPI.Get_accumulate(0, 0, MPI.INT, old, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.NO_OP, win);
MPI.Win_unlock(0, win);
if (rank === 0) print(`the slot now holds ${mem.read(old, MPI.INT, 1)[0]}`);
MPI.Win_free(win);
