// mpish: -n 4
// Two groups, {0, 1} and {2, 3}, joined into an intercommunicator, broadcast across it, then merged.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const color = rank < 2 ? 0 : 1;
const local = MPI.Comm_split(MPI.COMM_WORLD, color, rank);
// leaders: local rank 0 of each group; the remote leader is named by its rank in MPI_COMM_WORLD
const inter = MPI.Intercomm_create(local, 0, MPI.COMM_WORLD, color === 0 ? 2 : 0, 17);
const remote = MPI.Comm_remote_group(inter);
for (const r of [0, 2]) {
  if (rank === r) {
    print(`rank ${rank}: inter ${MPI.Comm_test_inter(inter)}, local size ${MPI.Comm_size(inter)}, ` +
          `remote size ${MPI.Comm_remote_size(inter)}, remote group size ${MPI.Group_size(remote)}`);
  }
  MPI.Barrier(MPI.COMM_WORLD);
}

// world rank 0 broadcasts to the other group: MPI_ROOT at the root, MPI_PROC_NULL beside it
const buf = mem.alloc(4);
if (rank === 0) mem.write(buf, MPI.INT, [2024]);
const root = color === 1 ? 0 : (rank === 0 ? MPI.ROOT : MPI.PROC_NULL);
MPI.Bcast(buf, 1, MPI.INT, root, inter);
if (rank === 3) print(`rank 3 received ${mem.read(buf, MPI.INT, 1)[0]}`);
MPI.Barrier(MPI.COMM_WORLD);

// merge: the group passing high = true is ordered last
const merged = MPI.Intercomm_merge(inter, color === 0);
if (rank === 0) print(`world rank 0 is rank ${MPI.Comm_rank(merged)} of ${MPI.Comm_size(merged)} in the merged communicator`);
MPI.Group_free(remote);
for (const c of [merged, inter, local]) MPI.Comm_free(c);
