// Buffered mode: size the buffer with MPI_Pack_size + MPI_BSEND_OVERHEAD, attach, send, detach.
// mpish-compare: differs /detached [0-9]+ bytes/ MPI_BSEND_OVERHEAD is the implementation's (128 in mpish and Open MPI, 96 in MPICH)
const comm = MPI.COMM_WORLD;
if (MPI.Comm_rank(comm) === 0) {
  const size = 2 * (MPI.Pack_size(4, MPI.INT, comm) + MPI.BSEND_OVERHEAD);
  const space = mem.alloc(size);
  MPI.Buffer_attach(space, size);
  const data = mem.alloc(16);
  mem.write(data, MPI.INT, [1, 2, 3, 4]);
  MPI.Bsend(data, 4, MPI.INT, 1, 0, comm);            // returns at once: the data is in the buffer
  const req = MPI.Ibsend(data, 4, MPI.INT, 1, 1, comm);
  print(`MPI_Ibsend request complete at once: ${MPI.Test(req).flag}`);
  const back = MPI.Buffer_detach();                    // waits until rank 1 has both messages
  print(`detached ${back.size} bytes, the same address: ${back.buffer_addr === space}`);
} else {
  const got = mem.alloc(16);
  MPI.Recv(got, 4, MPI.INT, 0, 1, comm);
  MPI.Recv(got, 4, MPI.INT, 0, 0, comm);
}
