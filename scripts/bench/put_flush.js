// mpish: -n 2
// Script-level RMA: rank 0 holds MPI.Win_lock_all on a window and issues MPI.Put of 8 bytes + MPI.Win_flush in a
// hot loop, as mpi4py's Put + Flush figure does; rank 1 waits in MPI.Barrier. Prints the time per Put + flush.
// Argument: iterations.
const N = args.length > 0 ? Number(args[0]) : 200000;
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm);
const { baseptr, win } = MPI.Win_allocate(64, 1, MPI.INFO_NULL, comm);
mem.write(baseptr, MPI.LONG, [0]);
MPI.Barrier(comm);

if (me === 0) {
  const src = mem.alloc(8);
  MPI.Win_lock_all(0, win);
  const loop = (n) => {
    for (let i = 0; i < n; i++) {
      MPI.Put(src, 8, MPI.BYTE, 1, 0, 8, MPI.BYTE, win);
      MPI.Win_flush(1, win);
    }
  };
  loop(Math.max(10, N / 10));
  mem.write(src, MPI.LONG, [7]);
  const t0 = MPI.Wtime();
  loop(N);
  const t = MPI.Wtime() - t0;
  MPI.Win_unlock_all(win);
  print(`RESULT py.rma_put_8B_flush.lat ${(t / N * 1e6).toPrecision(4)} us`);
}
MPI.Barrier(comm);
if (me === 1 && mem.read(baseptr, MPI.LONG, 1)[0] !== 7) throw new Error('the put did not land');
MPI.Win_free(win);
