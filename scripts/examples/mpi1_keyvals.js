// mpish: -n 4
// mpish-compare: differs /MPI_TAG_UB via MPI_Attr_get: \d+/ the largest tag is the implementation's (at least 32767): 2147483647 in mpish and Open MPI, 268435455 in MPICH 4.0.2
// The MPI-1 attribute calls (deprecated since MPI-2, still in every MPI): MPI_Keyval_create with the
// predefined MPI_DUP_FN, MPI_NULL_COPY_FN and MPI_NULL_DELETE_FN and with a JavaScript delete function;
// MPI_Attr_put and MPI_Attr_get; copy on MPI_Comm_dup, delete on MPI_Comm_free and at MPI_Finalize.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const say = (text) => { if (rank === 1) print(text); };

const copied = MPI.Keyval_create(MPI.DUP_FN, MPI.NULL_DELETE_FN, null);
const notCopied = MPI.Keyval_create(MPI.NULL_COPY_FN, MPI.NULL_DELETE_FN, null);
const watched = MPI.Keyval_create(MPI.DUP_FN,
    (comm, keyval, value, extra) => say(`${extra}: delete ${value} from ${comm}`), 'watcher');

MPI.Attr_put(MPI.COMM_WORLD, copied, 100 + rank);
MPI.Attr_put(MPI.COMM_WORLD, notCopied, 'stays behind');
MPI.Attr_put(MPI.COMM_WORLD, watched, rank * rank);

const dup = MPI.Comm_dup(MPI.COMM_WORLD);
for (const [name, kv] of [['copied', copied], ['notCopied', notCopied], ['watched', watched]]) {
  const {flag, attribute_val} = MPI.Attr_get(dup, kv);
  say(`${dup} ${name}: flag ${flag}` + (flag ? `, value ${attribute_val}` : ''));
}
MPI.Comm_free(dup); // runs the delete function of "watched" on dup

// old and new calls mix: an MPI-1 key works with MPI_Comm_get_attr and the other way round
say(`via MPI_Comm_get_attr: ${MPI.Comm_get_attr(MPI.COMM_WORLD, copied).attribute_val}`);
say(`MPI_TAG_UB via MPI_Attr_get: ${MPI.Attr_get(MPI.COMM_WORLD, MPI.TAG_UB).attribute_val}`);

MPI.Attr_delete(MPI.COMM_WORLD, notCopied);
MPI.Keyval_free(notCopied);
say('MPI_Finalize deletes what is left on MPI_COMM_WORLD:');
MPI.Finalize();
