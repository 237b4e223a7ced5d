// mpish: -n 4
// One-sided communication (RMA) in three acts: the three ways MPI synchronizes it.
//   1. fence                        active target, every rank takes part
//   2. post / start / complete / wait   active target, chosen origins and targets
//   3. lock / unlock                 passive target: the target does nothing at all
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const size = MPI.Comm_size(comm);

// Every rank exposes 16 ints. Displacements count in ints (disp_unit 4).
const { baseptr, win } = MPI.Win_allocate(16 * 4, 4, MPI.INFO_NULL, comm);
const buf = mem.alloc(8);

// ---- 1. fence: each rank writes its rank into slot `rank` of its right neighbour ----
mem.write(baseptr, MPI.INT, new Array(16).fill(-1));   // local stores before the first fence
MPI.Win_fence(MPI.MODE_NOPRECEDE, win);                // opens an epoch on every rank
mem.write(buf, MPI.INT, [rank]);
MPI.Put(buf, 1, MPI.INT, (rank + 1) % size, rank, 1, MPI.INT, win);
MPI.Win_fence(MPI.MODE_NOSUCCEED, win);                // every put is complete on every rank
const left = (rank + size - 1) % size;
if (mem.read(baseptr + 4 * left, MPI.INT, 1)[0] !== left) throw new Error(`rank ${rank}: no put from rank ${left}`);
if (rank === 0) print("fence: every rank found its left neighbour's rank in its window");

// ---- 2. PSCW: ranks 1.. add into rank 0, which waits for exactly them ----
const group = MPI.Win_get_group(win);
if (rank === 0) {
  mem.write(baseptr, MPI.INT, [0]);                    // no epoch is open here: a plain local store
  const origins = MPI.Group_incl(group, size - 1, [...Array(size - 1).keys()].map(i => i + 1));
  MPI.Win_post(origins, 0, win);                       // expose slot 0 to the origins (does not block)
  MPI.Win_wait(win);                                   // returns once every origin called MPI_Win_complete
  print(`PSCW: rank 0 received a total of ${mem.read(baseptr, MPI.INT, 1)[0]} from ranks 1 to ${size - 1}`);
} else {
  const target = MPI.Group_incl(group, 1, [0]);
  MPI.Win_start(target, 0, win);                       // waits for rank 0's post
  mem.write(buf, MPI.INT, [10 * rank]);
  MPI.Accumulate(buf, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM, win);
  MPI.Win_complete(win);
}
MPI.Barrier(comm);

// ---- 3. passive target: sign a guest book at rank 0 under an exclusive lock ----
// slot 8 counts the signatures, slots 9.. hold them; rank 0 just waits at the barrier.
MPI.Win_lock(MPI.LOCK_EXCLUSIVE, 0, 0, win);
MPI.Get(buf, 1, MPI.INT, 0, 8, 1, MPI.INT, win);
MPI.Win_flush(0, win);                                 // the Get's data has arrived
const n = mem.read(buf, MPI.INT, 1)[0] === -1 ? 0 : mem.read(buf, MPI.INT, 1)[0];
mem.write(buf, MPI.INT, [n + 1, rank]);
MPI.Put(buf, 1, MPI.INT, 0, 8, 1, MPI.INT, win);
MPI.Put(buf + 4, 1, MPI.INT, 0, 9 + n, 1, MPI.INT, win);
MPI.Win_unlock(0, win);                                // both puts complete at rank 0
MPI.Barrier(comm);
if (rank === 0) {
  MPI.Win_lock(MPI.LOCK_SHARED, 0, 0, win);            // read our own window inside an epoch
  const count = mem.read(baseptr + 32, MPI.INT, 1)[0];
  const names = mem.read(baseptr + 36, MPI.INT, count).sort((a, b) => a - b);
  MPI.Win_unlock(0, win);
  print(`passive target: ${count} ranks signed the book at rank 0: ${names.join(" ")}`);
}
MPI.Win_free(win);
