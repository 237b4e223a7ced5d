// mpish: -n 2
// Script-level atomics: rank 0 holds MPI.Win_lock_all and issues MPI.Fetch_and_op(SUM, one long) + MPI.Win_flush
// in a hot loop on a counter at rank 1, as mpi4py's Fetch_and_op figure does. Prints the time per operation and
// checks the counter. Argument: iterations.
const N = args.length > 0 ? Number(args[0]) : 200000;
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm);
const { baseptr, win } = MPI.Win_allocate(64, 8, MPI.INFO_NULL, comm);
mem.write(baseptr, MPI.LONG, [0]);
MPI.Barrier(comm);

const WARM = Math.max(10, N / 10);
if (me === 0) {
  const one = mem.alloc(8), old = mem.alloc(8);
  mem.write(one, MPI.LONG, [1]);
  MPI.Win_lock_all(0, win);
  const loop = (n) => {
    for (let i = 0; i < n; i++) {
      MPI.Fetch_and_op(one, old, MPI.LONG, 1, 0, MPI.SUM, win);
      MPI.Win_flush(1, win);
    }
  };
  loop(WARM);
  const t0 = MPI.Wtime();
  loop(N);
  const t = MPI.Wtime() - t0;
  const last = mem.read(old, MPI.LONG, 1)[0];
  MPI.Win_unlock_all(win);
  if (last !== WARM + N - 1) throw new Error(`the last fetch saw ${last}, not ${WARM + N - 1}`);
  print(`RESULT py.rma_fetch_and_op_sum_int64.lat ${(t / N * 1e6).toPrecision(4)} us`);
}
MPI.Barrier(comm);
if (me === 1 && mem.read(baseptr, MPI.LONG, 1)[0] !== WARM + N) throw new Error('the counter lost an update');
MPI.Win_free(win);
