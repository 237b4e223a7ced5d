// mpish: explore -n 2 --sync
// expect-exit: 1
// Head-to-head sends. Both ranks send before they receive. MPI may buffer a small standard-mode send
// (mpish does, up to its eager limit), so `mpish run` finishes; but the standard lets MPI_Send wait
// until the receive is posted, and then both ranks wait for each other forever. `explore --sync`
// runs with no buffering at all and shows the deadlock. The fix: MPI_Sendrecv, or let one rank
// receive first.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const other = 1 - rank;
const out = mem.alloc(4), into = mem.alloc(4);

mem.write(out, MPI.INT, [rank]);
MPI.Send(out, 1, MPI.INT, other, 0, comm);       // buffered, or waits for the receive below
MPI.Recv(into, 1, MPI.INT, other, 0, comm);
print(`got ${mem.read(into, MPI.INT, 1)[0]}`);
