// A persistent send and receive, set up once and started three times.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const buf = mem.alloc(4);
const req = rank === 0 ? MPI.Send_init(buf, 1, MPI.INT, 1, 5, comm) : MPI.Recv_init(buf, 1, MPI.INT, 0, 5, comm);
for (let i = 1; i <= 3; i++) {
  if (rank === 0) mem.write(buf, MPI.INT, [i * i]);
  if (i < 3) MPI.Start(req); else MPI.Startall(1, [req]);
  MPI.Wait(req);                                 // the request stays allocated, inactive again
  if (rank === 1) print(`round ${i}: ${mem.read(buf, MPI.INT, 1)}`);
}
const freed = MPI.Request_free(req);
if (rank === 1) print(`rank 1 freed ${req}: ${freed}`);
