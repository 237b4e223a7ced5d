// mpish: explore -n 3
// expect-exit: 1
// A wildcard race. Rank 0 takes the first message that comes, from any rank, and then insists on
// one from rank 1. If rank 2's message comes first, all is well; if rank 1's comes first, the second
// receive waits for a message rank 1 never sends. A plain `mpish run` usually shows the good order:
// `mpish explore` tries both and reports the receive choice that deadlocks. The fix: receive the
// second message with MPI_ANY_SOURCE too, or name the source of both.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const buf = mem.alloc(4);

if (rank === 0) {
  const first = MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
  print(`first message: from rank ${first.MPI_SOURCE}`);
  MPI.Recv(buf, 1, MPI.INT, 1, 0, comm);          // assumes the first one was rank 2's
  print('then the one from rank 1');
} else {
  mem.write(buf, MPI.INT, [rank]);
  MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
}
