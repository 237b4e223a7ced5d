// mpish: -n 4
// A copy callback that fails makes MPI_Comm_dup fail. Under MPI_ERRORS_RETURN the call throws an
// MPIError whose code is the one the callback threw; no new communicator is made, and attributes
// already copied to it are deleted again. A failing delete callback makes MPI_Comm_free fail.
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };

const TOO_BIG = MPI.Add_error_class();
MPI.Add_error_string(TOO_BIG, 'attribute too big to copy');

const plain = MPI.Comm_create_keyval(MPI.COMM_DUP_FN,
    (comm, keyval, value, extra) => say(`delete "${value}" from ${comm}`), null);
const picky = MPI.Comm_create_keyval((comm, keyval, extra, value) => {
  if (value > extra.limit) throw TOO_BIG;
  return value;
}, MPI.COMM_NULL_DELETE_FN, {limit: 10});

MPI.Comm_set_attr(MPI.COMM_WORLD, plain, 'copied first');
MPI.Comm_set_attr(MPI.COMM_WORLD, picky, 42);
try {
  MPI.Comm_dup(MPI.COMM_WORLD);
} catch (e) {
  // the line above this one came from deleting the copy already made on the half-built communicator
  say(`MPI_Comm_dup failed: code is TOO_BIG: ${e.code === TOO_BIG}, class too: ${MPI.Error_class(e.code) === TOO_BIG}`);
  say(`error string: ${MPI.Error_string(e.code).string}`);
}

MPI.Comm_set_attr(MPI.COMM_WORLD, picky, 7); // small enough now
const dup = MPI.Comm_dup(MPI.COMM_WORLD);
say(`second MPI_Comm_dup gave ${dup} with picky = ${MPI.Comm_get_attr(dup, picky).attribute_val}`);

// a delete callback that throws something other than an integer reports MPI_ERR_OTHER
const fragile = MPI.Comm_create_keyval(MPI.COMM_NULL_COPY_FN, () => { throw new Error('not now'); }, null);
MPI.Comm_set_attr(dup, fragile, 'x');
try {
  MPI.Comm_free(dup);
} catch (e) {
  say(`MPI_Comm_free failed with MPI_ERR_OTHER: ${e.errorClass === MPI.ERR_OTHER}`);
}
say(`the communicator is kept, its attributes are gone: ${MPI.Comm_get_attr(dup, plain).flag}`);
MPI.Comm_free(dup);
MPI.Comm_delete_attr(MPI.COMM_WORLD, plain);
