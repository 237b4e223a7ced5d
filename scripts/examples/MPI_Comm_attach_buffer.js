// A buffer for one communicator (MPI-4.1): buffered sends on it use this buffer, not the process buffer.
const comm = MPI.COMM_WORLD;
const buf = mem.alloc(4);
if (MPI.Comm_rank(comm) === 0) {
  const space = mem.alloc(300);
  MPI.Comm_attach_buffer(comm, space, 300);
  MPI.Bsend(buf, 1, MPI.INT, 1, 0, comm);
  const req = MPI.Comm_iflush_buffer(comm);
  MPI.Wait(req);                                     // rank 1 has received tag 0
  MPI.Bsend(buf, 1, MPI.INT, 1, 1, comm);
  MPI.Comm_flush_buffer(comm);
  const back = MPI.Comm_detach_buffer(comm);
  print(`MPI_COMM_WORLD's buffer: ${back.size} bytes, same address: ${back.buffer_addr === space}`);
} else {
  MPI.Recv(buf, 1, MPI.INT, 0, 0, comm);
  MPI.Recv(buf, 1, MPI.INT, 0, 1, comm);
}
