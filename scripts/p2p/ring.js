// mpish: -n 4
// A token travels around a ring: every rank receives it from its left neighbour, adds its own rank and
// passes it to the right. Rank 0 starts with 0 and gets back 0+1+2+...+(size-1).
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const size = MPI.Comm_size(comm);
const left = (rank + size - 1) % size, right = (rank + 1) % size;
const token = mem.alloc(4);

if (rank === 0) {
  mem.write(token, MPI.INT, [0]);
  MPI.Send(token, 1, MPI.INT, right, 0, comm);
  const status = MPI.Recv(token, 1, MPI.INT, left, 0, comm);
  print(`the token came back from rank ${status.MPI_SOURCE} holding ${mem.read(token, MPI.INT, 1)[0]}`);
} else {
  MPI.Recv(token, 1, MPI.INT, left, 0, comm);
  mem.write(token, MPI.INT, [mem.read(token, MPI.INT, 1)[0] + rank]);
  MPI.Send(token, 1, MPI.INT, right, 0, comm);
}

// The same exchange with nonblocking calls: everyone sends right and receives from the left at once.
const out = mem.alloc(4), into = mem.alloc(4);
mem.write(out, MPI.INT, [rank * 10]);
const reqs = [MPI.Irecv(into, 1, MPI.INT, left, 1, comm), MPI.Isend(out, 1, MPI.INT, right, 1, comm)];
const done = MPI.Waitall(2, reqs);
MPI.Barrier(comm);
if (rank === 0) print(`rank 0 got ${mem.read(into, MPI.INT, 1)[0]} from rank ${done.array_of_statuses[0].MPI_SOURCE}`);
