// mpish: -n 4
// A communicator of world ranks 3 and 1 (in that order), made by those two alone: ranks 0 and 2 go on
// without calling anything. A broadcast from its rank 0 (world rank 3) reaches world rank 1.
const world = MPI.Comm_group(MPI.COMM_WORLD);
const pair = MPI.Group_incl(world, 2, [3, 1]);
const me = MPI.Comm_rank(MPI.COMM_WORLD);
if (me === 3 || me === 1) {
  const comm = MPI.Comm_create_group(MPI.COMM_WORLD, pair, 7);
  const buf = mem.alloc(4);
  mem.write(buf, MPI.INT, [me]);
  MPI.Bcast(buf, 1, MPI.INT, 0, comm);
  if (me === 1) {
    print(`world rank 1 is rank ${MPI.Comm_rank(comm)} of ${MPI.Comm_size(comm)}; the broadcast brought ${mem.read(buf, MPI.INT, 1)[0]}`);
  }
  MPI.Comm_free(comm);
}
MPI.Group_free(pair);
MPI.Group_free(world);
