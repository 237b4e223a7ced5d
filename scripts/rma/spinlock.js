// mpish: -n 4
// A spin lock built from MPI_Compare_and_swap, guarding a read-modify-write that is not atomic
// on its own (Get, add one, Put). Without the lock, increments would be lost.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const size = MPI.Comm_size(comm);
const ROUNDS = 50, LOCK = 0, VALUE = 1;          // displacements in longs at rank 0

const { baseptr, win } = MPI.Win_allocate(rank === 0 ? 16 : 0, 8, MPI.INFO_NULL, comm);
if (rank === 0) mem.write(baseptr, MPI.LONG, [0, 0]);
MPI.Barrier(comm);

const me = mem.alloc(8), free = mem.alloc(8), old = mem.alloc(8), val = mem.alloc(8);
mem.write(me, MPI.LONG, [rank + 1]);             // the lock word holds its owner + 1, or 0 when free
mem.write(free, MPI.LONG, [0]);

function acquire() {
  for (;;) {
    MPI.Compare_and_swap(me, free, old, MPI.LONG, 0, LOCK, win);
    MPI.Win_flush(0, win);
    if (mem.read(old, MPI.LONG, 1)[0] === 0) return;   // it was free and is ours now
  }
}
function release() {
  MPI.Fetch_and_op(free, old, MPI.LONG, 0, LOCK, MPI.REPLACE, win);
  MPI.Win_flush(0, win);
  if (mem.read(old, MPI.LONG, 1)[0] !== rank + 1) throw new Error(`rank ${rank} released a lock it did not hold`);
}

MPI.Win_lock_all(0, win);
for (let i = 0; i < ROUNDS; i++) {
  acquire();
  MPI.Get(val, 1, MPI.LONG, 0, VALUE, 1, MPI.LONG, win);
  MPI.Win_flush(0, win);
  mem.write(val, MPI.LONG, [mem.read(val, MPI.LONG, 1)[0] + 1]);
  MPI.Put(val, 1, MPI.LONG, 0, VALUE, 1, MPI.LONG, win);
  MPI.Win_flush(0, win);                          // the new value is in place before the lock is freed
  release();
}
MPI.Win_unlock_all(win);
MPI.Barrier(comm);
if (rank === 0) {
  const [lock, value] = mem.read(baseptr, MPI.LONG, 2);
  print(`${size} ranks x ${ROUNDS} locked increments = ${value}; lock word ${lock} (free)`);
  if (value !== size * ROUNDS) throw new Error("an increment was lost");
}
MPI.Win_free(win);
