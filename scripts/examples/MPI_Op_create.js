// mpish: -n 4
// A user-defined reduction op that is not commutative: it appends the digits of the right operand to
// the left one, so the result shows the order in which the ranks' values were combined. mpish always
// combines in rank order, left to right; Open MPI and MPICH group them ((1 op 2) op (3 op 4)), which
// the op must allow by being associative: every rank gets 1234 on all three.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);

// inoutvec[i] = invec[i] op inoutvec[i], on addresses in this rank's memory (as a C MPI_User_function)
const append = (invec, inoutvec, len, datatype) => {
  const left = mem.read(invec, datatype, len), right = mem.read(inoutvec, datatype, len);
  mem.write(inoutvec, datatype, left.map((l, i) => l * 10 ** String(right[i]).length + right[i]));
};
const op = MPI.Op_create(append, false);
if (rank === 0) print(`commutative: ${MPI.Op_commutative(op)}, MPI_SUM commutative: ${MPI.Op_commutative(MPI.SUM)}`);

// on one rank: MPI_Reduce_local(inbuf, inoutbuf) computes inbuf op inoutbuf
const a = mem.alloc(8), b = mem.alloc(8);
mem.write(a, MPI.INT, [4, 7]);
mem.write(b, MPI.INT, [2, 9]);
MPI.Reduce_local(a, b, 2, MPI.INT, op);
if (rank === 0) print(`Reduce_local: ${mem.read(b, MPI.INT, 2).join(' ')}`);

// over the ranks: ((1 op 2) op 3) op 4
const mine = mem.alloc(4), all = mem.alloc(4);
mem.write(mine, MPI.INT, [rank + 1]);
MPI.Allreduce(mine, all, 1, MPI.INT, op, MPI.COMM_WORLD);
const results = mem.alloc(16);
MPI.Gather(all, 1, MPI.INT, results, 1, MPI.INT, 0, MPI.COMM_WORLD);
if (rank === 0) print(`Allreduce on every rank: ${mem.read(results, MPI.INT, 4).join(' ')}`);

MPI.Op_free(op);
