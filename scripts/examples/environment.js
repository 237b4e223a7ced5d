// mpish: -n 2
// mpish-compare: differs /^MPI \d\.\d/ the version of the standard each implements: 4.1 in mpish, 3.1 in Open MPI 4.1.4, 4.0 in MPICH 4.0.2
// The MPI environment: init and finalize, version, time, size, barrier.
const before = MPI.Initialized(); // mpish also starts MPI at the first other MPI call
MPI.Init(null, null);
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
const {version, subversion} = MPI.Get_version();
const t0 = MPI.Wtime();
MPI.Barrier(MPI.COMM_WORLD);
const elapsed = MPI.Wtime() - t0;
if (rank === 0) {
  print(`initialized before MPI_Init: ${before}, after: ${MPI.Initialized()}`);
  print(`MPI ${version}.${subversion}, ${size} processes, clock tick ${MPI.Wtick()} s`);
  print(`barrier took less than a second: ${elapsed < 1}`);
}
MPI.Finalize();
if (rank === 0) print(`finalized: ${MPI.Finalized()}`);
