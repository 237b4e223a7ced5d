// mpish: -n 2
// Partitioned communication: one message of 4 partitions, each a pair of ints. The sender marks the
// partitions ready out of order, as the threads of a real program might finish them; the receiver
// watches them arrive with MPI_Parrived. Both requests are persistent: a second round reuses them.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const parts = 4, per = 2;
const buf = mem.alloc(parts * per * 4);
const req = rank === 0
  ? MPI.Psend_init(buf, parts, per, MPI.INT, 1, 0, comm, MPI.INFO_NULL)
  : MPI.Precv_init(buf, parts, per, MPI.INT, 0, 0, comm, MPI.INFO_NULL);
for (let round = 1; round <= 2; round++) {
  const data = [];
  for (let i = 0; i < parts * per; i++) data.push(rank === 0 ? round * 100 + i : 0);
  mem.write(buf, MPI.INT, data);
  MPI.Start(req);
  MPI.Barrier(comm);                              // the receiver has started this round
  if (rank === 0) {
    MPI.Pready(2, req);
    MPI.Pready_list(2, [3, 0], req);
  }
  MPI.Barrier(comm);
  if (rank === 1) {
    const seen = [];
    for (let p = 0; p < parts; p++) seen.push(MPI.Parrived(req, p) ? 'arrived' : 'waiting');
    print(`round ${round}: ${seen.join(', ')}`);
  }
  MPI.Barrier(comm);
  if (rank === 0) MPI.Pready_range(1, 1, req);
  MPI.Wait(req);
  if (rank === 1) print(`round ${round}: received ${mem.read(buf, MPI.INT, parts * per).join(' ')}`);
}
MPI.Request_free(req);
