// mpish: -n 1
// A session's error handler: errors of calls on the session go to it (not to MPI_COMM_SELF's).
const session = MPI.Session_init(MPI.INFO_NULL, MPI.ERRORS_ARE_FATAL);
const eh = MPI.Session_create_errhandler((s, code) => {
  print(`handler: ${MPI.Error_string(code).string}`);
});
MPI.Session_set_errhandler(session, eh);
MPI.Errhandler_free(eh);                        // the session keeps its own reference
MPI.Session_call_errhandler(session, MPI.ERR_OTHER);
try {
  MPI.Session_get_nth_pset(session, MPI.INFO_NULL, 5, 0);   // there are only 2 process sets
} catch (e) {
  print(`the call failed with ${MPI.Error_string(e.errorClass).string}`);
}
MPI.Session_finalize(session);
