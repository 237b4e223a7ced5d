// mpish: -n 4
// Making communicators: split by color and key, create from a group, compare, name, free.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const inOrder = (f) => {
  for (let r = 0; r < 4; r++) {
    if (r === rank) f();
    MPI.Barrier(MPI.COMM_WORLD);
  }
};

const half = MPI.Comm_split(MPI.COMM_WORLD, rank % 2, -rank); // key -rank: reverse order
MPI.Comm_set_name(half, rank % 2 === 0 ? 'evens' : 'odds');
inOrder(() => print(`${MPI.Comm_get_name(half).comm_name}: rank ${MPI.Comm_rank(half)} of ${MPI.Comm_size(half)}`));

const world = MPI.Comm_group(MPI.COMM_WORLD);
const firstTwo = MPI.Group_incl(world, 2, [0, 1]);
const small = MPI.Comm_create(MPI.COMM_WORLD, firstTwo); // MPI_COMM_NULL on ranks 2 and 3
inOrder(() => print(`MPI_Comm_create gave ${small}`));

const names = ['MPI_IDENT', 'MPI_CONGRUENT', 'MPI_SIMILAR', 'MPI_UNEQUAL'];
const dup = MPI.Comm_dup(MPI.COMM_WORLD);
const reversed = MPI.Comm_split(MPI.COMM_WORLD, 0, -rank);
if (rank === 0) {
  print(`compare(dup, WORLD): ${names[MPI.Comm_compare(dup, MPI.COMM_WORLD)]}`);
  print(`compare(reversed, WORLD): ${names[MPI.Comm_compare(reversed, MPI.COMM_WORLD)]}`);
  print(`compare(half, WORLD): ${names[MPI.Comm_compare(half, MPI.COMM_WORLD)]}`);
  print(`test_inter(WORLD): ${MPI.Comm_test_inter(MPI.COMM_WORLD)}`);
}
for (const c of [half, dup, reversed]) MPI.Comm_free(c);
if (small !== MPI.COMM_NULL) MPI.Comm_free(small);
MPI.Group_free(firstTwo);
MPI.Group_free(world);
