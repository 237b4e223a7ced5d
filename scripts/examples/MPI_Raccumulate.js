// mpish: -n 3
// mpish-compare: differs /saw \d+ before/ which rank's addition reaches the counter first is the library's timing; in-process it is one fixed order
// Request-based accumulates: every rank adds 5 to rank 0's counter, then fetches-and-adds 1.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const five = mem.alloc(4), one = mem.alloc(4), old = mem.alloc(4);
mem.write(five, MPI.INT, [5]);
mem.write(one, MPI.INT, [1]);
MPI.Win_lock_all(0, win);
MPI.Wait(MPI.Raccumulate(five, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM, win));
MPI.Wait(MPI.Rget_accumulate(one, 1, MPI.INT, old, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM, win));
MPI.Win_unlock_all(win);
print(`rank ${rank} saw ${mem.read(old, MPI.INT, 1)[0]} before adding 1`);
MPI.Barrier(MPI.COMM_WORLD);
if (rank === 0) print(`counter: ${mem.read(baseptr, MPI.INT, 1)[0]}`);
MPI.Win_free(win);
