// Nonblocking calls: each rank starts a receive and a send, tests once, then waits for both.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const out = mem.alloc(8), into = mem.alloc(8);
mem.write(out, MPI.DOUBLE, [rank + 0.5]);
const recv = MPI.Irecv(into, 1, MPI.DOUBLE, 1 - rank, 0, comm);
let send = rank === 0 ? MPI.Isend(out, 1, MPI.DOUBLE, 1, 0, comm) : MPI.Issend(out, 1, MPI.DOUBLE, 0, 0, comm);
send = MPI.Test(send).request;                   // MPI_REQUEST_NULL if it had completed (and was freed)
const done = MPI.Wait(recv);
MPI.Wait(send);
MPI.Barrier(comm);
if (rank === 1) print(`rank 1 received ${mem.read(into, MPI.DOUBLE, 1)} from rank ${done.status.MPI_SOURCE}; request now ${done.request}`);
