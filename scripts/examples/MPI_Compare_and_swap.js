// mpish: -n 4
// mpish-compare: differs /(claimed the flag|found it claimed by rank \d+)/ which rank's swap reaches the flag first is the library's timing; in-process it is one fixed order
// Every rank tries to claim the flag at rank 0 (0 = unclaimed). Exactly one succeeds.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const mine = mem.alloc(4), unclaimed = mem.alloc(4), old = mem.alloc(4);
mem.write(mine, MPI.INT, [rank + 1]);
mem.write(unclaimed, MPI.INT, [0]);
MPI.Win_lock(MPI.LOCK_SHARED, 0, 0, win);
MPI.Compare_and_swap(mine, unclaimed, old, MPI.INT, 0, 0, win);
MPI.Win_unlock(0, win);
const before = mem.read(old, MPI.INT, 1)[0];
print(before === 0 ? `rank ${rank} claimed the flag` : `rank ${rank} found it claimed by rank ${before - 1}`);
MPI.Win_free(win);
