// mpish: -n 2
// The world model and a session in one process (MPI-4.1 section 11.1): MPI_COMM_WORLD and a
// communicator made from the session's mpi://WORLD have the same ranks but separate contexts, so a
// message on one never matches a receive on the other, even with the same source and tag.
const session = MPI.Session_init(MPI.INFO_NULL, MPI.ERRORS_RETURN);
const group = MPI.Group_from_session_pset(session, 'mpi://WORLD');
const scomm = MPI.Comm_create_from_group(group, 'org.mpish.examples.side', MPI.INFO_NULL, MPI.ERRORS_RETURN);
const world = MPI.COMM_WORLD;
const names = ['MPI_IDENT', 'MPI_CONGRUENT', 'MPI_SIMILAR', 'MPI_UNEQUAL'];
const buf = mem.alloc(4);
if (MPI.Comm_rank(world) === 0) {
  print(`the two communicators compare as ${names[MPI.Comm_compare(world, scomm)]}`);
  mem.write(buf, MPI.INT, [111]);
  MPI.Send(buf, 1, MPI.INT, 1, 7, scomm);     // sent first, on the session's communicator
  mem.write(buf, MPI.INT, [222]);
  MPI.Send(buf, 1, MPI.INT, 1, 7, world);
  const got = mem.alloc(8);
  MPI.Recv(got, 2, MPI.INT, 1, 8, world);
  const [fromWorld, fromSession] = mem.read(got, MPI.INT, 2);
  print(`rank 1: MPI_COMM_WORLD carried ${fromWorld}; the session's communicator carried ${fromSession}`);
} else {
  const got = mem.alloc(8);
  MPI.Recv(got, 1, MPI.INT, 0, 7, world);         // the same source and tag: only the world's message matches
  MPI.Recv(got + 4, 1, MPI.INT, 0, 7, scomm);
  MPI.Send(got, 2, MPI.INT, 0, 8, world);          // rank 0 prints what arrived where
}
MPI.Comm_free(scomm);
MPI.Group_free(group);
MPI.Session_finalize(session);
MPI.Finalize();
