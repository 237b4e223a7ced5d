// mpish: -n 4
// A shift round a ring with one request per exchange: each rank sends right and receives from the left, once
// into a second buffer and once in place, and completes both exchanges together.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm), size = MPI.Comm_size(comm);
const right = (rank + 1) % size, left = (rank + size - 1) % size;
const out = mem.alloc(4), into = mem.alloc(4), inplace = mem.alloc(4);
mem.write(out, MPI.INT, [rank * 100 + 1]);
mem.write(inplace, MPI.INT, [rank * 10]);
const reqs = [
  MPI.Isendrecv(out, 1, MPI.INT, right, 5, into, 1, MPI.INT, left, 5, comm),
  MPI.Isendrecv_replace(inplace, 1, MPI.INT, right, 6, left, 6, comm),
];
const done = MPI.Waitall(2, reqs);                      // each status describes its receive
const row = mem.alloc(12), table = mem.alloc(12 * size);
mem.write(row, MPI.INT, [mem.read(into, MPI.INT, 1)[0], mem.read(inplace, MPI.INT, 1)[0], done.array_of_statuses[0].MPI_SOURCE]);
MPI.Gather(row, 3, MPI.INT, table, 3, MPI.INT, 0, comm);
if (rank === 0) {
  const t = mem.read(table, MPI.INT, 3 * size);
  for (let r = 0; r < size; r++) print(`rank ${r}: received ${t[3 * r]} from rank ${t[3 * r + 2]}; in place ${t[3 * r + 1]}`);
}
