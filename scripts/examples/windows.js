// mpish: -n 2
// mpish-compare: differs /unnamed: ".*"/ Open MPI 4.1.4 names a window itself ("rdma window 3"); the standard says an unnamed window's name is empty, as in mpish and MPICH
// Creating windows: MPI_Win_create on memory the caller owns, MPI_Win_allocate on memory MPI
// allocates, names, and MPI_Win_free, which releases MPI_Win_allocate's memory.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const mine = mem.alloc(40);
const w1 = MPI.Win_create(mine, 40, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
const {baseptr, win: w2} = MPI.Win_allocate(16, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
MPI.Win_set_name(w2, 'scratch');
if (rank === 0) {
  const size = (w) => MPI.Win_get_attr(w, MPI.WIN_SIZE).attribute_val;
  print(`${w1}: ${size(w1)} bytes of my own memory, unnamed: "${MPI.Win_get_name(w1).win_name}"`);
  print(`${MPI.Win_get_name(w2).win_name}: ${size(w2)} bytes at the address MPI_Win_allocate returned: ` +
        `${MPI.Win_get_attr(w2, MPI.WIN_BASE).attribute_val === baseptr}`);
}
MPI.Win_free(w2); // baseptr is no longer valid memory
MPI.Win_free(w1); // mine stays the caller's
mem.free(mine);
