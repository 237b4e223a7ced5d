// mpish: -n 8 --nodes 2
// Ranks on simulated nodes. "--nodes 2" puts ranks 0-3 on node0 and 4-7 on node1 (blocks of consecutive ranks,
// as mpirun's default mapping fills one host before the next). MPI_Comm_split_type with MPI_COMM_TYPE_SHARED
// gives each node a communicator of its own, and only inside one may MPI_Win_allocate_shared share memory.
const world = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(world), size = MPI.Comm_size(world);
const say = (text) => { if (rank === 0) print(text); };

const { name } = MPI.Get_processor_name();
// the key orders the ranks within each node: here the highest world rank comes first
const node = MPI.Comm_split_type(world, MPI.COMM_TYPE_SHARED, size - rank, MPI.INFO_NULL);

// one line per process, collected at world rank 0 in rank order
const mine = mem.alloc(12), all = mem.alloc(12 * size);
mem.write(mine, MPI.INT, [Number(name.slice(4)), MPI.Comm_rank(node), MPI.Comm_size(node)]);
MPI.Gather(mine, 3, MPI.INT, all, 3, MPI.INT, 0, world);
if (rank === 0) {
  const v = mem.read(all, MPI.INT, 3 * size);
  for (let r = 0; r < size; r++) print(`world rank ${r} on node${v[3 * r]}: rank ${v[3 * r + 1]} of ${v[3 * r + 2]} on its node`);
}

// the same node, asked for by resource type
const info = MPI.Info_create();
MPI.Info_set(info, 'mpi_hw_resource_type', 'mpi_shared_memory');
const guided = MPI.Comm_split_type(world, MPI.COMM_TYPE_HW_GUIDED, 0, info);
say(`MPI_COMM_TYPE_HW_GUIDED with mpi_shared_memory: ${MPI.Comm_size(guided)} processes`);

// shared memory across the two nodes is refused; within a node it works
MPI.Comm_set_errhandler(world, MPI.ERRORS_RETURN);
try {
  MPI.Win_allocate_shared(8, 8, MPI.INFO_NULL, world);
} catch (e) {
  say(`across nodes: ${e.message.split(': ')[1]}`);
}
const { baseptr, win } = MPI.Win_allocate_shared(8, 8, MPI.INFO_NULL, node);
mem.write(baseptr, MPI.LONG, [rank]);
MPI.Win_fence(0, win);
const first = MPI.Win_shared_query(win, 0); // node rank 0 is the node's highest world rank
say(`within node0: rank 0 reads ${mem.read(first.baseptr, MPI.LONG, 1)[0]} from node rank 0's part`);
MPI.Win_free(win);
