// mpish: -n 6
// Rank ranges: (first, last, stride) triplets, written one after another in a flat array as C lays them out.
// The ranges (4, 0, -2) and (1, 3, 2) name ranks 4, 2, 0 and then 1, 3.
const world = MPI.Comm_group(MPI.COMM_WORLD);
const ranges = [4, 0, -2, 1, 3, 2];
const inWorld = (g) => MPI.Group_translate_ranks(g, MPI.Group_size(g), [...Array(MPI.Group_size(g)).keys()], world);
const picked = MPI.Group_range_incl(world, 2, ranges);
const rest = MPI.Group_range_excl(world, 2, ranges);
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) {
  print(`range_incl: ${inWorld(picked).join(' ')}`);
  print(`range_excl: ${inWorld(rest).join(' ')}`);
}
for (const g of [picked, rest, world]) MPI.Group_free(g);
