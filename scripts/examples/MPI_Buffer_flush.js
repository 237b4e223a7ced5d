// Flushing: wait for the buffered messages to be received without detaching the buffer.
const comm = MPI.COMM_WORLD;
const buf = mem.alloc(4);
if (MPI.Comm_rank(comm) === 0) {
  MPI.Buffer_attach(mem.alloc(300), 300);
  MPI.Bsend(buf, 1, MPI.INT, 1, 0, comm);
  const req = MPI.Buffer_iflush();
  print(`drained before rank 1 receives? ${MPI.Test(req).flag}`);
  MPI.Barrier(comm);
  MPI.Wait(req);
  MPI.Bsend(buf, 1, MPI.INT, 1, 1, comm);
  MPI.Buffer_flush();                                // blocks until rank 1 has tag 1 too
  print('both messages received; the buffer is still attached and empty');
  MPI.Buffer_detach();
} else {
  MPI.Barrier(comm);
  MPI.Recv(buf, 1, MPI.INT, 0, 0, comm);
  MPI.Recv(buf, 1, MPI.INT, 0, 1, comm);
}
