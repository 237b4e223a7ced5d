// mpish: -n 2
// An mpish job keeps the ranks it started with: no parent, and spawning or connecting is refused with the
// error class the standard gives for it. MPI_ERRORS_RETURN turns the refusals into exceptions to catch.
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);
const me = MPI.Comm_rank(MPI.COMM_WORLD);
if (me === 0) print(`parent is MPI_COMM_NULL: ${MPI.Comm_get_parent() === MPI.COMM_NULL}`);
try {
  MPI.Comm_spawn('worker', null, 4, MPI.INFO_NULL, 0, MPI.COMM_WORLD);
} catch (e) {
  if (me === 0) print(`MPI_Comm_spawn refused with MPI_ERR_SPAWN: ${e.errorClass === MPI.ERR_SPAWN}`);
}
try {
  MPI.Open_port(MPI.INFO_NULL);
} catch (e) {
  if (me === 0) print(`MPI_Open_port refused with MPI_ERR_UNSUPPORTED_OPERATION: ${e.errorClass === MPI.ERR_UNSUPPORTED_OPERATION}`);
}
try {
  MPI.Comm_connect('tcp://server:4000', MPI.INFO_NULL, 0, MPI.COMM_WORLD);
} catch (e) {
  if (me === 0) print(`MPI_Comm_connect refused with MPI_ERR_PORT: ${e.errorClass === MPI.ERR_PORT}`);
}
