// mpish: -n 3
// Allgather and all-to-all: every rank ends up with a block from every rank.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const show = (label, addr, n) => {
  // collect every rank's n ints at rank 0 (n may differ from rank to rank), so the output comes in rank order
  const one = mem.alloc(4), ns = mem.alloc(4 * size);
  mem.write(one, MPI.INT, [n]);
  MPI.Gather(one, 1, MPI.INT, ns, 1, MPI.INT, 0, MPI.COMM_WORLD);
  const counts = rank === 0 ? mem.read(ns, MPI.INT, size) : [];
  const displs = counts.map((c, r) => counts.slice(0, r).reduce((a, b) => a + b, 0));
  const line = mem.alloc(4 * 9 * size);
  MPI.Gatherv(addr, n, MPI.INT, line, counts, displs, MPI.INT, 0, MPI.COMM_WORLD);
  if (rank === 0) {
    const v = mem.read(line, MPI.INT, displs[size - 1] + counts[size - 1]);
    for (let r = 0; r < size; r++) print(`${label} rank ${r}: ${v.slice(displs[r], displs[r] + counts[r]).join(' ')}`);
  }
};

const mine = mem.alloc(4), every = mem.alloc(4 * size);
mem.write(mine, MPI.INT, [10 * (rank + 1)]);
MPI.Allgather(mine, 1, MPI.INT, every, 1, MPI.INT, MPI.COMM_WORLD);
show('Allgather ', every, size);

// Allgatherv: rank i contributes i+1 copies of i
const counts = [1, 2, 3], displs = [0, 1, 3];
const some = mem.alloc(12), joined = mem.alloc(24);
mem.write(some, MPI.INT, new Array(rank + 1).fill(rank));
MPI.Allgatherv(some, rank + 1, MPI.INT, joined, counts, displs, MPI.INT, MPI.COMM_WORLD);
show('Allgatherv', joined, 6);

// Alltoall: block j of rank i's send buffer (the value 10*i + j) becomes block i of rank j's receive buffer
const out = mem.alloc(4 * size), got = mem.alloc(4 * size);
mem.write(out, MPI.INT, [...Array(size).keys()].map((j) => 10 * rank + j));
MPI.Alltoall(out, 1, MPI.INT, got, 1, MPI.INT, MPI.COMM_WORLD);
show('Alltoall  ', got, size);

// Alltoallv: rank i sends j+1 ints to rank j, and so receives i+1 ints from everyone
const sc = [1, 2, 3], sd = [0, 1, 3];
const rc = new Array(size).fill(rank + 1), rd = [...Array(size).keys()].map((j) => j * (rank + 1));
const vout = mem.alloc(24), vgot = mem.alloc(4 * size * 3);
mem.write(vout, MPI.INT, [0, 1, 1, 2, 2, 2].map((j) => 100 * rank + j));
MPI.Alltoallv(vout, sc, sd, MPI.INT, vgot, rc, rd, MPI.INT, MPI.COMM_WORLD);
show('Alltoallv ', vgot, size * (rank + 1));

// Alltoallw: types per peer and displacements in bytes; here an int to each, received into 8-byte slots
const types = new Array(size).fill(MPI.INT), ones = new Array(size).fill(1);
const wgot = mem.alloc(8 * size);
mem.write(wgot, MPI.INT, new Array(2 * size).fill(0));
MPI.Alltoallw(out, ones, [0, 4, 8], types, wgot, ones, [0, 8, 16], types, MPI.COMM_WORLD);
show('Alltoallw ', wgot, 2 * size);
