// mpish: -n 2
// mpish-compare: differs /MPI_THREAD_\w+.*/ mpish provides at most MPI_THREAD_FUNNELED (each rank's calls run on its own thread); both MPIs here provide MPI_THREAD_MULTIPLE
// Ask for a thread level before any other MPI call. Every MPI call of a rank runs on the rank's own
// thread, so mpish provides at most MPI_THREAD_FUNNELED: asking for MPI_THREAD_MULTIPLE gives that.
const provided = MPI.Init_thread(null, null, MPI.THREAD_MULTIPLE);
const names = ['MPI_THREAD_SINGLE', 'MPI_THREAD_FUNNELED', 'MPI_THREAD_SERIALIZED', 'MPI_THREAD_MULTIPLE'];
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) {
  // one line: what a real MPI provides differs (see the mpish-compare header)
  print(`provided: ${names[provided]}${provided < MPI.THREAD_SERIALIZED ? ', so only the main thread of a rank may call MPI' : ''}`);
  print(`MPI_Query_thread says ${names[MPI.Query_thread()]}`);
  print(`this is the main thread: ${MPI.Is_thread_main()}`);
}
MPI.Finalize();
