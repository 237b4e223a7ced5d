// mpish: -n 4
// One passive-target epoch to every rank at once: each rank adds 1 to every other rank's counter.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(4, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
mem.write(baseptr, MPI.INT, [0]);
MPI.Barrier(MPI.COMM_WORLD);
const one = mem.alloc(4);
mem.write(one, MPI.INT, [1]);
MPI.Win_lock_all(0, win);
for (let t = 0; t < size; t++) if (t !== rank) MPI.Accumulate(one, 1, MPI.INT, t, 0, 1, MPI.INT, MPI.SUM, win);
MPI.Win_unlock_all(win);        // every accumulate is complete at its target
MPI.Barrier(MPI.COMM_WORLD);
print(`rank ${rank}: counter ${mem.read(baseptr, MPI.INT, 1)[0]}`);
MPI.Win_free(win);
