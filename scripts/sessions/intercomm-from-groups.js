// mpish: -n 4 --nodes 2
// Two simulated nodes, each a process set of its own (mpish://node/0 holds ranks 0-1, mpish://node/1 ranks 2-3).
// Each rank makes a group from its node's set and from the other node's, and joins the two in an
// intercommunicator with MPI_Intercomm_create_from_groups: no MPI_Init and no parent communicator. Every
// process then swaps its job rank with the process of the same rank on the other node.
const session = MPI.Session_init(MPI.INFO_NULL, MPI.ERRORS_RETURN);
const n = MPI.Session_get_num_psets(session, MPI.INFO_NULL);
const names = [];
for (let i = 0; i < n; i++) names.push(MPI.Session_get_nth_pset(session, MPI.INFO_NULL, i, 64).pset_name);

const me = MPI.Group_from_session_pset(session, 'mpi://SELF');
const world = MPI.Group_from_session_pset(session, 'mpi://WORLD');
const jobRank = MPI.Group_translate_ranks(me, 1, [0], world)[0];
const mine = jobRank < 2 ? 'mpish://node/0' : 'mpish://node/1';
const other = jobRank < 2 ? 'mpish://node/1' : 'mpish://node/0';
const local = MPI.Group_from_session_pset(session, mine);
const remote = MPI.Group_from_session_pset(session, other);
const inter = MPI.Intercomm_create_from_groups(local, 0, remote, 0, 'org.mpish.examples.nodes',
                                               MPI.INFO_NULL, MPI.ERRORS_RETURN);
const rank = MPI.Comm_rank(inter);
const out = mem.alloc(4), got = mem.alloc(4);
mem.write(out, MPI.INT, [jobRank]);
MPI.Sendrecv(out, 1, MPI.INT, rank, 0, got, 1, MPI.INT, rank, 0, inter);
const partner = mem.read(got, MPI.INT, 1)[0];
const all = mem.alloc(16);
const merged = MPI.Intercomm_merge(inter, jobRank >= 2);
MPI.Gather(got, 1, MPI.INT, all, 1, MPI.INT, 0, merged);
if (jobRank === 0) {
  print(`process sets: ${names.join(', ')}`);
  print(`remote group size ${MPI.Comm_remote_size(inter)}; partners by job rank: ${mem.read(all, MPI.INT, 4).join(' ')}`);
}
for (const g of [me, world, local, remote]) MPI.Group_free(g);
MPI.Comm_free(merged);
MPI.Comm_free(inter);
MPI.Session_finalize(session);
