// mpish: -n 4
// Group arithmetic on the group of MPI_COMM_WORLD; every call here is local.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const world = MPI.Comm_group(MPI.COMM_WORLD);
const a = MPI.Group_incl(world, 3, [3, 1, 0]);   // world ranks 3, 1, 0 in that order
const b = MPI.Group_excl(world, 2, [0, 3]);      // world ranks 1, 2
const ranks = (g) => MPI.Group_translate_ranks(g, MPI.Group_size(g), [...Array(MPI.Group_size(g)).keys()], world);
if (rank === 0) {
  print(`a = ${ranks(a)}, b = ${ranks(b)}`);
  print(`union ${ranks(MPI.Group_union(a, b))}, intersection ${ranks(MPI.Group_intersection(a, b))}, ` +
        `difference ${ranks(MPI.Group_difference(a, b))}`);
  print(`my rank in a: ${MPI.Group_rank(a)}, in b: ${MPI.Group_rank(b) === MPI.UNDEFINED ? 'MPI_UNDEFINED' : MPI.Group_rank(b)}`);
  const same = MPI.Group_incl(world, 4, [0, 1, 2, 3]);
  print(`compare(world, same) is MPI_IDENT: ${MPI.Group_compare(world, same) === MPI.IDENT}`);
  print(`empty difference is MPI_GROUP_EMPTY: ${MPI.Group_difference(b, world) === MPI.GROUP_EMPTY}`);
}
for (const g of [a, b, world]) MPI.Group_free(g);
