// mpish: -n 3
// Post / start / complete / wait: rank 0 exposes its window to ranks 1 and 2 only; they put into it.
// Rank 0 polls with MPI_Win_test instead of blocking in MPI_Win_wait.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(12, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
const group = MPI.Win_get_group(win);
if (rank === 0) {
  const origins = MPI.Group_incl(group, 2, [1, 2]);
  MPI.Win_post(origins, 0, win);
  let polls = 1;
  while (!MPI.Win_test(win)) polls++;
  print(`rank 0 received ${mem.read(baseptr + 4, MPI.INT, 2).join(" ")} (exposure closed after ${polls > 1 ? "several polls" : "one poll"})`);
} else {
  const target = MPI.Group_incl(group, 1, [0]);
  const buf = mem.alloc(4);
  mem.write(buf, MPI.INT, [rank * 11]);
  MPI.Win_start(target, 0, win);
  MPI.Put(buf, 1, MPI.INT, 0, rank, 1, MPI.INT, win);
  MPI.Win_complete(win);
}
MPI.Win_free(win);
