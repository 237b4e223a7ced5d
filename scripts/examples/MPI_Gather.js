// mpish: -n 4
// Gather and scatter, plain and "v": blocks go to and from the root in rank order.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };

// every rank sends two ints; the root (rank 0) receives them one block after the other
const mine = mem.alloc(8), all = mem.alloc(8 * size);
mem.write(mine, MPI.INT, [rank, rank * rank]);
MPI.Gather(mine, 2, MPI.INT, all, 2, MPI.INT, 0, MPI.COMM_WORLD);
say(`Gather:    ${mem.read(all, MPI.INT, 2 * size).join(' ')}`);

// rank i sends i+1 ints; the root says how many it takes from each and where they go
const counts = [1, 2, 3, 4], displs = [0, 1, 3, 6];
const some = mem.alloc(4 * (rank + 1)), packed = mem.alloc(40);
mem.write(some, MPI.INT, new Array(rank + 1).fill(rank));
MPI.Gatherv(some, rank + 1, MPI.INT, packed, counts, displs, MPI.INT, 0, MPI.COMM_WORLD);
say(`Gatherv:   ${mem.read(packed, MPI.INT, 10).join(' ')}`);

// the root hands out one int to each rank, then the rest of its buffer in varying pieces
const deck = mem.alloc(40), card = mem.alloc(16);
if (rank === 0) mem.write(deck, MPI.INT, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
MPI.Scatter(deck, 1, MPI.INT, card, 1, MPI.INT, 0, MPI.COMM_WORLD);
MPI.Gather(card, 1, MPI.INT, all, 1, MPI.INT, 0, MPI.COMM_WORLD);
say(`Scatter:   ranks got ${mem.read(all, MPI.INT, size).join(' ')}`);
MPI.Scatterv(deck, counts, displs, MPI.INT, card, rank + 1, MPI.INT, 0, MPI.COMM_WORLD);
const last = mem.alloc(4);
mem.write(last, MPI.INT, [mem.read(card, MPI.INT, rank + 1)[rank]]);
MPI.Gather(last, 1, MPI.INT, all, 1, MPI.INT, 0, MPI.COMM_WORLD);
say(`Scatterv:  last value each rank got: ${mem.read(all, MPI.INT, size).join(' ')}`);

// in place at the root: its own block is already where it belongs
if (rank === 0) mem.write(all, MPI.INT, [100, -1, -1, -1]);
MPI.Gather(rank === 0 ? MPI.IN_PLACE : mine, 1, MPI.INT, all, 1, MPI.INT, 0, MPI.COMM_WORLD);
say(`in place:  ${mem.read(all, MPI.INT, size).join(' ')}`);
