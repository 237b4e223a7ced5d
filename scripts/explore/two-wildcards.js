// mpish: explore -n 3
// expect-match: ^no problem in any schedule$
// The benchmark of `mpish explore` (bench/run: schedules per second): rank 0 takes two messages with
// MPI_ANY_SOURCE, one from each of ranks 1 and 2, in either order. Both orders add up to the same sum.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const buf = mem.alloc(4);
if (rank === 0) {
  let sum = 0;
  for (let i = 0; i < 2; i++) {
    MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
    sum += mem.read(buf, MPI.INT, 1)[0];
  }
  if (sum !== 3) throw new Error(`sum ${sum}, not 3`);
} else {
  mem.write(buf, MPI.INT, [rank]);
  MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
}
