// mpish: -n 2
// Ask for a thread level before any other MPI call. Every MPI call of a rank runs on the rank's own
// thread, so mpish provides at most MPI_THREAD_FUNNELED: asking for MPI_THREAD_MULTIPLE gives that.
const provided = MPI.Init_thread(null, null, MPI.THREAD_MULTIPLE);
const names = ['MPI_THREAD_SINGLE', 'MPI_THREAD_FUNNELED', 'MPI_THREAD_SERIALIZED', 'MPI_THREAD_MULTIPLE'];
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) {
  print(`provided: ${names[provided]}`);
  print(`MPI_Query_thread says ${names[MPI.Query_thread()]}`);
  if (provided < MPI.THREAD_SERIALIZED) print('so only the main thread of a rank may call MPI');
  print(`this is the main thread: ${MPI.Is_thread_main()}`);
}
MPI.Finalize();
