// mpish: -n 2
// mpish-compare: differs /handler: .* on/ MPI_Error_string's text is the implementation's own
// Error handlers: a JavaScript handler on a communicator and on a window, MPI_ERRORS_RETURN,
// MPI_Comm_call_errhandler, and freeing a handler that is still in use.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };

const comm = MPI.Comm_dup(MPI.COMM_WORLD);
let eh = MPI.Comm_create_errhandler((c, code) =>
    say(`handler: ${MPI.Error_string(code).string} on ${c}`));
MPI.Comm_set_errhandler(comm, eh);
eh = MPI.Errhandler_free(eh); // comm still uses it
say(`after free the handle is ${eh}`);

MPI.Comm_call_errhandler(comm, MPI.ERR_OTHER); // the handler runs, the call returns
try {
  MPI.Comm_set_attr(comm, MPI.KEYVAL_INVALID, 1); // the handler runs, then the error is thrown
} catch (e) {
  say(`caught ${e.name} with class ${e.errorClass === MPI.ERR_KEYVAL ? 'MPI_ERR_KEYVAL' : e.errorClass}`);
}

const win = MPI.Win_create(0, 0, 1, MPI.INFO_NULL, comm);
say(`a new window starts with ${MPI.Win_get_errhandler(win)}`);
MPI.Win_set_errhandler(win, MPI.Win_create_errhandler((w, code) => say(`window handler: code ${code} on ${w}`)));
MPI.Win_call_errhandler(win, MPI.ERR_WIN);

MPI.Comm_set_errhandler(comm, MPI.ERRORS_RETURN);
say(`comm now has ${MPI.Comm_get_errhandler(comm)}`);
say(`MPI_ERR_KEYVAL is class ${MPI.Error_class(MPI.ERR_KEYVAL)}: ${MPI.Error_string(MPI.ERR_KEYVAL).string}`);
MPI.Win_free(win);
MPI.Comm_free(comm);
