// mpish: -n 2
// MPI_Comm_disconnect completes what is still pending on a communicator, then frees it.
// Rank 0 posts a receive and disconnects at once; the receive is complete when the call returns.
const comm = MPI.Comm_dup(MPI.COMM_WORLD);
const buf = mem.alloc(4);
let req;
if (MPI.Comm_rank(comm) === 0) {
  req = MPI.Irecv(buf, 1, MPI.INT, 1, 0, comm);
} else {
  mem.write(buf, MPI.INT, [2026]);
  req = MPI.Isend(buf, 1, MPI.INT, 0, 0, comm);
}
const after = MPI.Comm_disconnect(comm);
const {flag} = MPI.Test(req);
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) {
  print(`complete: ${flag}, received ${mem.read(buf, MPI.INT, 1)[0]}, handle now ${after}`);
}
