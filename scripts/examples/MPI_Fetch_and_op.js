// mpish: -n 4
// mpish-compare: differs /drew tickets \d+ and \d+/ which rank's fetch-and-add reaches the counter first is the library's timing; in-process it is one fixed order
// A ticket dispenser: every rank draws two numbers from a counter at rank 0. No number is drawn twice.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { baseptr, win } = MPI.Win_allocate(8, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
const one = mem.alloc(8), ticket = mem.alloc(8);
mem.write(one, MPI.LONG, [1]);
MPI.Win_lock_all(0, win);
const got = [];
for (let i = 0; i < 2; i++) {
  MPI.Fetch_and_op(one, ticket, MPI.LONG, 0, 0, MPI.SUM, win);
  MPI.Win_flush(0, win);
  got.push(mem.read(ticket, MPI.LONG, 1)[0]);
}
MPI.Win_unlock_all(win);
print(`rank ${rank} drew tickets ${got.join(" and ")}`);
MPI.Win_free(win);
