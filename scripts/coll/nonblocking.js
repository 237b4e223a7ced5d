// mpish: -n 4
// Nonblocking and persistent collectives: start several, do something else, complete them in any order;
// a persistent one is made once and started again and again.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };
const ints = (values) => { const a = mem.alloc(4 * values.length); mem.write(a, MPI.INT, values); return a; };

// three collectives in flight at once on MPI_COMM_WORLD
const sum = ints([0]), squares = ints(new Array(size).fill(0)), word = ints([rank === 3 ? 42 : 0]);
const reqs = [
  MPI.Iallreduce(ints([rank + 1]), sum, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD),
  MPI.Iallgather(ints([rank * rank]), 1, MPI.INT, squares, 1, MPI.INT, MPI.COMM_WORLD),
  MPI.Ibcast(word, 1, MPI.INT, 3, MPI.COMM_WORLD),
];
say(`before completion the sum buffer still holds ${mem.read(sum, MPI.INT, 1)[0]}`);
// complete the broadcast first, then the others together
MPI.Wait(reqs[2]);
MPI.Waitall(2, [reqs[0], reqs[1]]);
say(`sum ${mem.read(sum, MPI.INT, 1)[0]}, squares ${mem.read(squares, MPI.INT, size).join(' ')}, broadcast ${mem.read(word, MPI.INT, 1)[0]}`);

// a persistent Allreduce: the buffer's contents are read at each MPI_Start
const input = ints([0]), total = ints([0]);
const again = MPI.Allreduce_init(input, total, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD, MPI.INFO_NULL);
for (let step = 1; step <= 3; step++) {
  mem.write(input, MPI.INT, [step * (rank + 1)]);
  MPI.Start(again);
  MPI.Wait(again);
  say(`step ${step}: total ${mem.read(total, MPI.INT, 1)[0]}`);
}
MPI.Request_free(again);

// every rank must start collectives in the same order; here rank 1 does not, and the completion says so
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
const a = ints([0]), b = ints([0]);
const first = rank === 1 ? MPI.Ibarrier(MPI.COMM_WORLD) : MPI.Iallreduce(ints([1]), a, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD);
const second = rank === 1 ? MPI.Iallreduce(ints([1]), a, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD) : MPI.Ibarrier(MPI.COMM_WORLD);
try {
  MPI.Wait(first);
} catch (e) {
  say(e.message.replace(/ \[rank \d+\]$/, ''));
}
