// mpish: -n 4
// Every rank says hello; rank 0 prints the total once everyone has arrived.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
MPI.Barrier(MPI.COMM_WORLD);
if (rank === 0) print(`${size} ranks said hello`);
