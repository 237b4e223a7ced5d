// mpish: -n 4
// Graph topologies. MPI_Graph_create takes the whole graph on every process (index counts the edges so far,
// edges lists each node's neighbours); MPI_Dist_graph_create_adjacent lets each process name only its own
// sources and destinations, with weights. MPI_Neighbor_alltoall then sends block k to neighbour k.
const world = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(world), size = MPI.Comm_size(world);
const say = (text) => { if (rank === 0) print(text); };

// a star: node 0 is joined to 1, 2 and 3
const star = MPI.Graph_create(world, 4, [3, 4, 5, 6], [1, 2, 3, 0, 0, 0], 0);
const { nnodes, nedges } = MPI.Graphdims_get(star);
say(`star: ${nnodes} nodes, ${nedges} edge ends; MPI_Topo_test says MPI_GRAPH: ${MPI.Topo_test(star) === MPI.GRAPH}`);
for (let n = 0; n < nnodes; n++) say(`  node ${n}: ${MPI.Graph_neighbors_count(star, n)} neighbour(s) ${MPI.Graph_neighbors(star, n, 3).join(' ')}`);
// the hub sends a different block to each leaf; each leaf sends one block back
const deg = MPI.Graph_neighbors_count(star, rank);
const out = mem.alloc(4 * deg), back = mem.alloc(4 * deg);
mem.write(out, MPI.INT, Array.from({ length: deg }, (_, k) => 100 * rank + k));
MPI.Neighbor_alltoall(out, 1, MPI.INT, back, 1, MPI.INT, star);
const got = mem.read(back, MPI.INT, deg);

// a directed ring with a shortcut: each process sends to the next and to the one two ahead
const to = [(rank + 1) % size, (rank + 2) % size], from = [(rank + size - 1) % size, (rank + size - 2) % size];
const ring = MPI.Dist_graph_create_adjacent(world, 2, from, [1, 2], 2, to, [1, 2], MPI.INFO_NULL, 0);
const { indegree, outdegree, weighted } = MPI.Dist_graph_neighbors_count(ring);
const nb = MPI.Dist_graph_neighbors(ring, indegree, outdegree);
const mine = mem.alloc(4), both = mem.alloc(8);
mem.write(mine, MPI.INT, [rank]);
MPI.Neighbor_allgather(mine, 1, MPI.INT, both, 1, MPI.INT, ring);
const heard = mem.read(both, MPI.INT, 2);

// one line per process, collected at rank 0 in rank order
const rec = [...got, -1, -1, -1].slice(0, 3).concat(nb.sources, nb.sourceweights, nb.destinations, heard);
const line = mem.alloc(4 * 11), all = mem.alloc(4 * 11 * size);
mem.write(line, MPI.INT, rec);
MPI.Gather(line, 11, MPI.INT, all, 11, MPI.INT, 0, world);
if (rank === 0) {
  const v = mem.read(all, MPI.INT, 11 * size);
  for (let r = 0; r < size; r++) {
    const x = v.slice(11 * r, 11 * r + 11);
    print(`rank ${r}: from the star ${x.slice(0, 3).filter((y) => y !== -1).join(' ')}; ring sources ${x[3]} ${x[4]}`
      + ` (weights ${x[5]} ${x[6]}), destinations ${x[7]} ${x[8]}; heard ${x[9]} ${x[10]}`);
  }
}
say(`weighted: ${weighted}`);
// a duplicate keeps the topology
say(`MPI_Comm_dup of the ring is MPI_DIST_GRAPH: ${MPI.Topo_test(MPI.Comm_dup(ring)) === MPI.DIST_GRAPH}`);
