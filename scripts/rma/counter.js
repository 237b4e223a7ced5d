// mpish: -n 4
// A distributed counter: rank 0 holds one long; every rank draws tickets from it with
// MPI_Fetch_and_op until 1000 are gone. The atomic fetch-and-add hands each number out once.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const size = MPI.Comm_size(comm);
const TICKETS = 1000;

// slot 0: the counter; slot 1: how many tickets the ranks report having drawn
const { baseptr, win } = MPI.Win_allocate(rank === 0 ? 16 : 0, 8, MPI.INFO_NULL, comm);
if (rank === 0) mem.write(baseptr, MPI.LONG, [0, 0]);
MPI.Barrier(comm);

const one = mem.alloc(8), ticket = mem.alloc(8);
mem.write(one, MPI.LONG, [1]);
let mine = 0;
MPI.Win_lock_all(0, win);                    // a shared lock on every rank, for the whole loop
for (;;) {
  MPI.Fetch_and_op(one, ticket, MPI.LONG, 0, 0, MPI.SUM, win);
  MPI.Win_flush(0, win);                     // the old value is in `ticket` now
  if (mem.read(ticket, MPI.LONG, 1)[0] >= TICKETS) break;
  mine++;
}
mem.write(one, MPI.LONG, [mine]);
MPI.Accumulate(one, 1, MPI.LONG, 0, 1, 1, MPI.LONG, MPI.SUM, win);
MPI.Win_unlock_all(win);
MPI.Barrier(comm);

if (rank === 0) {
  const [counter, drawn] = mem.read(baseptr, MPI.LONG, 2);
  print(`${drawn} tickets drawn by ${size} ranks; the counter reads ${counter} (each rank's last, refused draw counts too)`);
  if (drawn !== TICKETS || counter !== TICKETS + size) throw new Error("a ticket was lost or handed out twice");
}
MPI.Win_free(win);
