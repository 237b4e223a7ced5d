// Rank 0 sends three ints to rank 1, which receives into room for ten and asks the status how many came.
const comm = MPI.COMM_WORLD;
const buf = mem.alloc(40);
if (MPI.Comm_rank(comm) === 0) {
  mem.write(buf, MPI.INT, [7, 8, 9]);
  MPI.Send(buf, 3, MPI.INT, 1, 42, comm);
} else {
  const status = MPI.Recv(buf, 10, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG, comm);
  const n = MPI.Get_count(status, MPI.INT);
  print(`got ${n} ints from rank ${status.MPI_SOURCE} with tag ${status.MPI_TAG}: ${mem.read(buf, MPI.INT, n)}`);
  print(`as shorts that is ${MPI.Get_elements(status, MPI.SHORT)} elements; as doubles, MPI_UNDEFINED: ${MPI.Get_count(status, MPI.DOUBLE) === MPI.UNDEFINED}`);
}
