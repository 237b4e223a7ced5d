// mpish: -n 4
// mpish-compare: differs /refused: .*/ MPI_Error_string's text is the implementation's own (each names an invalid operation)
// A tour of the reductions. Each rank holds a value; a reduction combines the values of all ranks with an
// operation (MPI_SUM, MPI_MAX, ...), left to right in rank order, and puts the result where the call says.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };
const ints = (values) => { const a = mem.alloc(4 * values.length); mem.write(a, MPI.INT, values); return a; };
// every rank's first n ints of addr, collected at rank 0 in rank order
const everyone = (addr, n) => {
  const all = mem.alloc(4 * n * size);
  MPI.Gather(addr, n, MPI.INT, all, n, MPI.INT, 0, MPI.COMM_WORLD);
  return rank === 0 ? mem.read(all, MPI.INT, n * size) : [];
};

// 1. MPI_Reduce: the result only at the root. Rank r holds r+1; the sum is 1+2+3+4 = 10.
const mine = ints([rank + 1]), result = ints([0]);
MPI.Reduce(mine, result, 1, MPI.INT, MPI.SUM, 0, MPI.COMM_WORLD);
say(`Reduce SUM at the root: ${mem.read(result, MPI.INT, 1)[0]}`);

// 2. MPI_Allreduce: the same result on every rank. Element by element: two values per rank here.
const pair = ints([rank, 10 - rank]), both = ints([0, 0]);
MPI.Allreduce(pair, both, 2, MPI.INT, MPI.MAX, MPI.COMM_WORLD);
say(`Allreduce MAX of (r, 10-r) on every rank: ${everyone(both, 2).join(' ')}`);

// 3. Where is the smallest value? MPI_MINLOC on (value, index) pairs: MPI_DOUBLE_INT is a double then an int.
const temps = [21.5, 19.0, 23.25, 19.0];
const loc = mem.alloc(16), where = mem.alloc(16);
mem.write(loc, MPI.DOUBLE, [temps[rank]]);
mem.write(loc + 8, MPI.INT, [rank]);
MPI.Allreduce(loc, where, 1, MPI['DOUBLE_INT'], MPI.MINLOC, MPI.COMM_WORLD);
say(`coldest: ${mem.read(where, MPI.DOUBLE, 1)[0]} degrees at rank ${mem.read(where + 8, MPI.INT, 1)[0]} (ties go to the lower rank)`);

// 4. Prefix reductions: MPI_Scan includes the caller's own value, MPI_Exscan does not (rank 0 gets nothing).
const prefix = ints([0]), before = ints([-1]);
MPI.Scan(mine, prefix, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD);
MPI.Exscan(mine, before, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD);
say(`Scan SUM:   ${everyone(prefix, 1).join(' ')}`);
say(`Exscan SUM: ${everyone(before, 1).join(' ')}   (rank 0's buffer is left as it was)`);

// 5. Reduce, then scatter the result: each rank gets its own block of the element-wise sum.
const vec = ints([1, 2, 3, 4, 5, 6, 7, 8]), block = ints([0, 0]);
MPI.Reduce_scatter_block(vec, block, 2, MPI.INT, MPI.SUM, MPI.COMM_WORLD);
say(`Reduce_scatter_block: ${everyone(block, 2).join(' ')}`);

// 6. In place: the input is taken from the receive buffer, which then holds the result.
const acc = ints([rank * rank]);
MPI.Allreduce(MPI.IN_PLACE, acc, 1, MPI.INT, MPI.SUM, MPI.COMM_WORLD);
say(`in-place Allreduce of r*r: ${mem.read(acc, MPI.INT, 1)[0]}`);

// 7. An operation must suit the datatype: bitwise AND has no meaning for doubles.
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
try {
  MPI.Allreduce(loc, where, 1, MPI.DOUBLE, MPI.BAND, MPI.COMM_WORLD);
} catch (e) {
  say(`refused: ${MPI.Error_string(MPI.Error_class(e.code)).string}`);
}
