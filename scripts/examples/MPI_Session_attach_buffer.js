// mpish: -n 2
// A session's buffer (MPI-4.1): buffered sends on a communicator made from the session's groups use it
// when the communicator has no buffer of its own; MPI_COMM_WORLD's sends never do.
const session = MPI.Session_init(MPI.INFO_NULL, MPI.ERRORS_RETURN);
const group = MPI.Group_from_session_pset(session, 'mpi://WORLD');
const comm = MPI.Comm_create_from_group(group, 'org.mpish.examples.bsend', MPI.INFO_NULL, MPI.ERRORS_RETURN);
MPI.Group_free(group);
const buf = mem.alloc(4);
if (MPI.Comm_rank(comm) === 0) {
  const space = mem.alloc(300);
  MPI.Session_attach_buffer(session, space, 300);
  mem.write(buf, MPI.INT, [7]);
  MPI.Bsend(buf, 1, MPI.INT, 1, 0, comm);            // copied into the session's buffer
  const req = MPI.Session_iflush_buffer(session);
  MPI.Wait(req);                                     // rank 1 has received it
  MPI.Bsend(buf, 1, MPI.INT, 1, 1, comm);
  MPI.Session_flush_buffer(session);
  const back = MPI.Session_detach_buffer(session);
  print(`the session's buffer: ${back.size} bytes, same address: ${back.buffer_addr === space}`);
} else {
  MPI.Recv(buf, 1, MPI.INT, 0, 0, comm);
  MPI.Recv(buf, 1, MPI.INT, 0, 1, comm);
}
MPI.Comm_free(comm);
MPI.Session_finalize(session);
