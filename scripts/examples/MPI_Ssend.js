// Synchronous and ready mode. MPI_Ssend returns only once rank 1's receive has matched it; MPI_Rsend is
// correct only because rank 1 posted its receive before the barrier that rank 0 waits for.
const comm = MPI.COMM_WORLD;
const buf = mem.alloc(4);
if (MPI.Comm_rank(comm) === 0) {
  mem.write(buf, MPI.INT, [1]);
  MPI.Ssend(buf, 1, MPI.INT, 1, 0, comm);
  MPI.Barrier(comm);                         // rank 1 has posted the receive for tag 1
  mem.write(buf, MPI.INT, [2]);
  MPI.Rsend(buf, 1, MPI.INT, 1, 1, comm);
} else {
  MPI.Recv(buf, 1, MPI.INT, 0, 0, comm);
  const req = MPI.Irecv(buf, 1, MPI.INT, 0, 1, comm);
  MPI.Barrier(comm);
  MPI.Wait(req);
  print(`ready-mode message: ${mem.read(buf, MPI.INT, 1)}`);
}
