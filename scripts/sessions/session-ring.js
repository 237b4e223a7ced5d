// mpish: -n 4
// The sessions model alone: no MPI_Init, no MPI_COMM_WORLD. Each rank starts a session, looks at the
// process sets it offers, makes a group from mpi://WORLD and a communicator from that group, and
// passes a token around a ring on it. Rank 0 starts with 0 and gets back 0+1+2+3.
const session = MPI.Session_init(MPI.INFO_NULL, MPI.ERRORS_RETURN);
const n = MPI.Session_get_num_psets(session, MPI.INFO_NULL);
const names = [];
for (let i = 0; i < n; i++) {
  const {pset_len} = MPI.Session_get_nth_pset(session, MPI.INFO_NULL, i, 0);   // 0: how long is the name?
  names.push(MPI.Session_get_nth_pset(session, MPI.INFO_NULL, i, pset_len).pset_name);
}
const psetInfo = MPI.Session_get_pset_info(session, 'mpi://WORLD');
const worldSize = MPI.Info_get_string(psetInfo, 'mpi_size', 8).value;
MPI.Info_free(psetInfo);

const group = MPI.Group_from_session_pset(session, 'mpi://WORLD');
const comm = MPI.Comm_create_from_group(group, 'org.mpish.examples.ring', MPI.INFO_NULL, MPI.ERRORS_RETURN);
MPI.Group_free(group);
const rank = MPI.Comm_rank(comm), size = MPI.Comm_size(comm);
const left = (rank + size - 1) % size, right = (rank + 1) % size;
const token = mem.alloc(4);
if (rank === 0) {
  print(`process sets: ${names.join(', ')}; mpi://WORLD has ${worldSize} processes`);
  mem.write(token, MPI.INT, [0]);
  MPI.Send(token, 1, MPI.INT, right, 0, comm);
  MPI.Recv(token, 1, MPI.INT, left, 0, comm);
  print(`the token came back holding ${mem.read(token, MPI.INT, 1)[0]}`);
} else {
  MPI.Recv(token, 1, MPI.INT, left, 0, comm);
  mem.write(token, MPI.INT, [mem.read(token, MPI.INT, 1)[0] + rank]);
  MPI.Send(token, 1, MPI.INT, right, 0, comm);
}
MPI.Comm_free(comm);
MPI.Session_finalize(session);
