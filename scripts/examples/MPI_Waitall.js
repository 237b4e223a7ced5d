// mpish: -n 4
// Rank 0 posts one receive per other rank and completes them in three ways.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const size = MPI.Comm_size(comm);
if (rank !== 0) {
  const b = mem.alloc(4);
  mem.write(b, MPI.INT, [rank * rank]);
  MPI.Send(b, 1, MPI.INT, 0, rank, comm);
} else {
  const bufs = [], reqs = [];
  for (let r = 1; r < size; r++) {
    bufs.push(mem.alloc(4));
    reqs.push(MPI.Irecv(bufs[r - 1], 1, MPI.INT, r, r, comm));
  }
  const one = MPI.Waitany(reqs.length, reqs);          // one of them, whichever is first
  const some = MPI.Waitsome(reqs.length, one.array_of_requests);
  const all = MPI.Waitall(reqs.length, some.array_of_requests);
  const test = MPI.Testall(reqs.length, all.array_of_requests);
  print(`values: ${bufs.map(b => mem.read(b, MPI.INT, 1)[0])}`);
  print(`every request is MPI_REQUEST_NULL now: ${all.array_of_requests.every(q => q == MPI.REQUEST_NULL)}; Testall flag: ${test.flag}`);
  const none = MPI.Testany(reqs.length, all.array_of_requests);
  print(`Testany on null requests: flag ${none.flag}, index MPI_UNDEFINED: ${none.index === MPI.UNDEFINED}`);
  const t = MPI.Testsome(reqs.length, all.array_of_requests);
  print(`Testsome on null requests: outcount MPI_UNDEFINED: ${t.outcount === MPI.UNDEFINED}`);
}
