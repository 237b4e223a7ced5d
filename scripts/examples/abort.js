// mpish: -n 2
// expect-exit: 3
// MPI_Abort ends every rank of the job; the exit status is the error code given.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
if (rank === 1) MPI.Abort(MPI.COMM_WORLD, 3);
MPI.Barrier(MPI.COMM_WORLD); // rank 0 waits here until the abort ends it
print('never printed');
