// A receive that no message will ever match is cancelled, then completed.
const comm = MPI.COMM_WORLD;
if (MPI.Comm_rank(comm) === 0) {
  const req = MPI.Irecv(mem.alloc(4), 1, MPI.INT, 1, 99, comm);
  MPI.Cancel(req);
  const done = MPI.Wait(req);
  print(`cancelled: ${MPI.Test_cancelled(done.status)}`);
}
