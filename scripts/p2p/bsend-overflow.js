// mpish: -n 2
// expect-exit: 1
// A buffer sized for two messages cannot take a third while the first two wait for their receiver:
// MPI_Bsend fails with MPI_ERR_BUFFER and says which case it is. The default error handler,
// MPI_ERRORS_ARE_FATAL, then ends the job (standard error shows the message).
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);

if (rank === 0) {
  const entry = MPI.Pack_size(25, MPI.INT, comm) + MPI.BSEND_OVERHEAD;   // 100 + 128
  MPI.Buffer_attach(mem.alloc(2 * entry), 2 * entry);
  const data = mem.alloc(100);
  MPI.Bsend(data, 25, MPI.INT, 1, 1, comm);
  MPI.Bsend(data, 25, MPI.INT, 1, 2, comm);
  print(`two entries of ${entry} bytes fill the ${2 * entry}-byte buffer`);
  MPI.Bsend(data, 25, MPI.INT, 1, 3, comm);     // no room: the first two are not received yet
  print('never printed');
} else {
  MPI.Barrier(comm);                             // rank 1 never gets to receive
}
