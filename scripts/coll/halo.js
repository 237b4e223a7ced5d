// mpish: -n 6
// A 2-D halo exchange on a periodic Cartesian grid with neighbourhood collectives. Each process owns one cell;
// MPI_Neighbor_allgather brings it the cells of its four neighbours in the standard's order: for each
// dimension, the neighbour one step back, then the one a step ahead. A persistent MPI_Neighbor_allgather_init
// then runs three smoothing steps, each cell becoming the average of itself and its neighbours.
const size = MPI.Comm_size(MPI.COMM_WORLD);
const dims = MPI.Dims_create(size, 2, [0, 0]);
const grid = MPI.Cart_create(MPI.COMM_WORLD, 2, dims, [1, 1], 0); // periodic both ways: a torus
const rank = MPI.Comm_rank(grid);
const { coords } = MPI.Cart_get(grid, 2);
const say = (text) => { if (rank === 0) print(text); };
say(`${size} processes on a ${dims.join(' x ')} torus`);

// print one line per process at rank 0, in rank order
function report(label, values) {
  const n = values.length, line = mem.alloc(8 * n), all = mem.alloc(8 * n * size);
  mem.write(line, MPI.DOUBLE, values);
  MPI.Gather(line, n, MPI.DOUBLE, all, n, MPI.DOUBLE, 0, grid);
  if (rank === 0) {
    const v = mem.read(all, MPI.DOUBLE, n * size);
    for (let r = 0; r < size; r++) print(`${label} rank ${r}: ${v.slice(n * r, n * r + n).join(' ')}`);
  }
}

// the halo: back and ahead along the rows, then along the columns
const cell = mem.alloc(8), halo = mem.alloc(32);
mem.write(cell, MPI.DOUBLE, [10 * coords[0] + coords[1]]);
MPI.Neighbor_allgather(cell, 1, MPI.DOUBLE, halo, 1, MPI.DOUBLE, grid);
report('halo of', mem.read(halo, MPI.DOUBLE, 4));

// a distinct value to each neighbour: block k goes to neighbour k and comes back from the opposite side
const out = mem.alloc(32), back = mem.alloc(32);
mem.write(out, MPI.DOUBLE, [rank + 0.1, rank + 0.2, rank + 0.3, rank + 0.4]);
MPI.Neighbor_alltoall(out, 1, MPI.DOUBLE, back, 1, MPI.DOUBLE, grid);
report('alltoall at', mem.read(back, MPI.DOUBLE, 4));

// three smoothing steps with one persistent request, restarted each step
const step = MPI.Neighbor_allgather_init(cell, 1, MPI.DOUBLE, halo, 1, MPI.DOUBLE, grid, MPI.INFO_NULL);
for (let i = 0; i < 3; i++) {
  MPI.Start(step);
  MPI.Wait(step);
  const h = mem.read(halo, MPI.DOUBLE, 4), c = mem.read(cell, MPI.DOUBLE, 1)[0];
  mem.write(cell, MPI.DOUBLE, [(c + h[0] + h[1] + h[2] + h[3]) / 5]);
}
MPI.Request_free(step);
report('after 3 steps', mem.read(cell, MPI.DOUBLE, 1));
const total = mem.alloc(8);
MPI.Allreduce(cell, total, 1, MPI.DOUBLE, MPI.SUM, grid);
say(`the sum is kept: ${mem.read(total, MPI.DOUBLE, 1)[0].toFixed(9)}`);
