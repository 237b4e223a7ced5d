// mpish: -n 6
// A Cartesian grid: MPI_Dims_create picks the shape, MPI_Cart_create builds it, MPI_Cart_shift finds the
// neighbours, and each process swaps a value with them (a halo exchange) using MPI_Sendrecv.
const size = MPI.Comm_size(MPI.COMM_WORLD);
const dims = MPI.Dims_create(size, 2, [0, 0]);
// periodic along the rows, not along the columns
const grid = MPI.Cart_create(MPI.COMM_WORLD, 2, dims, [1, 0], 0);
const rank = MPI.Comm_rank(grid);
const say = (text) => { if (rank === 0) print(text); };
say(`${size} processes as a ${dims.join(' x ')} grid; MPI_Topo_test says MPI_CART: ${MPI.Topo_test(grid) === MPI.CART}`);

const {coords} = MPI.Cart_get(grid, 2);
const up = MPI.Cart_shift(grid, 0, 1);    // rows wrap around
const right = MPI.Cart_shift(grid, 1, 1); // columns end at the edge: MPI_PROC_NULL there
const mine = mem.alloc(4), fromUp = mem.alloc(4), fromLeft = mem.alloc(4);
mem.write(mine, MPI.INT, [100 * coords[0] + coords[1]]);
mem.write(fromLeft, MPI.INT, [-1]);
// send down, receive from above; send right, receive from the left
MPI.Sendrecv(mine, 1, MPI.INT, up.rank_dest, 0, fromUp, 1, MPI.INT, up.rank_source, 0, grid);
MPI.Sendrecv(mine, 1, MPI.INT, right.rank_dest, 1, fromLeft, 1, MPI.INT, right.rank_source, 1, grid);

// collect one line per process at rank 0, in rank order
const line = mem.alloc(16), lines = mem.alloc(16 * size);
mem.write(line, MPI.INT, [coords[0], coords[1], mem.read(fromUp, MPI.INT, 1)[0], mem.read(fromLeft, MPI.INT, 1)[0]]);
MPI.Gather(line, 4, MPI.INT, lines, 4, MPI.INT, 0, grid);
if (rank === 0) {
  const v = mem.read(lines, MPI.INT, 4 * size);
  for (let r = 0; r < size; r++) {
    const [row, col, above, left] = v.slice(4 * r, 4 * r + 4);
    print(`rank ${r} at (${row}, ${col}): from above ${above}, from the left ${left === -1 ? 'nothing (edge)' : left}`);
  }
}

// the rows of the grid as communicators of their own
const row = MPI.Cart_sub(grid, [0, 1]);
say(`rank 0's row has ${MPI.Comm_size(row)} processes; rank ${MPI.Cart_rank(grid, [-1, 0])} is at (-1, 0), wrapped to the last row`);
