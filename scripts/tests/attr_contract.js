// mpish: -n 2
// The JavaScript contract of the attribute, error-handler and communicator calls (SCRIPTING.md), checked
// on every rank: a failed check throws, which fails the run.
const check = (cond, what) => { if (!cond) throw new Error(`check failed: ${what}`); };
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);

// copy callback (oldobj, keyval, extra_state, attribute_val_in); undefined leaves the attribute out
const extra = {tag: 'x'};
const seen = [];
const kv = MPI.Comm_create_keyval((old, k, e, v) => { seen.push([old, k, e, v]); return v.keep ? v : undefined; },
                                  (c, k, v, e) => seen.push(['delete', c, k, v, e]), extra);
check(kv !== MPI.KEYVAL_INVALID, 'create never returns MPI_KEYVAL_INVALID');
const value = {keep: false};
MPI.Comm_set_attr(MPI.COMM_WORLD, kv, value);
const got = MPI.Comm_get_attr(MPI.COMM_WORLD, kv);
check(got.flag === true && got.attribute_val === value, 'get returns {flag, attribute_val} with the stored object itself');
let c = MPI.Comm_dup(MPI.COMM_WORLD);
check(seen.length === 1 && seen[0][0] === MPI.COMM_WORLD && seen[0][1] === kv && seen[0][2] === extra && seen[0][3] === value,
      'copy callback arguments');
check(MPI.Comm_get_attr(c, kv).flag === false, 'undefined from the copy callback: flag 0');
check(MPI.Comm_free(c) === MPI.COMM_NULL, 'Comm_free returns MPI.COMM_NULL');

// thrown integer = that code; anything else thrown = MPI_ERR_OTHER
const thrower = MPI.Comm_create_keyval((o, k, e, v) => { throw v; }, MPI.COMM_NULL_DELETE_FN, null);
MPI.Comm_set_attr(MPI.COMM_SELF, thrower, MPI.ERR_ARG);
try {
  MPI.Comm_dup(MPI.COMM_SELF);
  check(false, 'Comm_dup must fail');
} catch (e) {
  check(e instanceof MPIError && e.code === MPI.ERR_ARG && e.errorClass === MPI.ERR_ARG, `thrown code: ${e}`);
  check(e.message.includes('MPI_Comm_dup') && e.message.includes('MPI_ERR_ARG') && e.message.includes(`rank ${rank}`),
        `message names call, class and rank: ${e.message}`);
}
MPI.Comm_set_attr(MPI.COMM_SELF, thrower, 'not a number');
try {
  MPI.Comm_dup(MPI.COMM_SELF);
  check(false, 'Comm_dup must fail');
} catch (e) {
  check(e.errorClass === MPI.ERR_OTHER, `anything else thrown is MPI_ERR_OTHER: ${e}`);
}
MPI.Comm_delete_attr(MPI.COMM_SELF, thrower);

// predefined callbacks are values that go wherever a function does
const wkv = MPI.Win_create_keyval(MPI.WIN_DUP_FN, MPI.WIN_NULL_DELETE_FN, null);
const win = MPI.Win_create(0, 0, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
MPI.Win_set_attr(win, wkv, 'w');
const wa = MPI.Win_get_attr(win, wkv);
check(Object.keys(wa).sort().join() === 'attribute_val,flag' && wa.attribute_val === 'w', 'Win_get_attr shape');
check(MPI.Win_get_attr(win, MPI.WIN_SIZE).attribute_val === 0, 'MPI_WIN_SIZE of an empty window');
check(MPI.Win_free(win) === MPI.WIN_NULL, 'Win_free returns MPI.WIN_NULL');
check(MPI.Win_free_keyval(wkv) === MPI.KEYVAL_INVALID, 'free_keyval returns MPI.KEYVAL_INVALID');

// a JavaScript error handler receives the communicator and the code
let handled = null;
const eh = MPI.Comm_create_errhandler((comm, code) => { handled = [comm, code]; });
c = MPI.Comm_dup(MPI.COMM_WORLD);
MPI.Comm_set_errhandler(c, eh);
check(MPI.Errhandler_free(eh) === MPI.ERRHANDLER_NULL, 'Errhandler_free returns MPI.ERRHANDLER_NULL');
try {
  MPI.Comm_set_attr(c, MPI.TAG_UB, 1);
} catch (e) {
  check(e.errorClass === MPI.ERR_KEYVAL, 'the predefined key is read-only');
}
// the handler gets an error code, whose class is MPI_ERR_KEYVAL (in mpish the code is the class; MPICH's codes are not)
check(handled !== null && handled[0] === c && MPI.Error_class(handled[1]) === MPI.ERR_KEYVAL, 'handler got (comm, code)');
check(MPI.Error_string(MPI.ERR_KEYVAL).string === 'invalid attribute key', 'Error_string');
MPI.Comm_free(c);

// a keyval of the wrong kind is MPI_ERR_KEYVAL
try {
  MPI.Type_set_attr(MPI.INT, kv, 1);
  check(false, 'wrong kind must fail');
} catch (e) {
  check(e.errorClass === MPI.ERR_KEYVAL, 'wrong kind: MPI_ERR_KEYVAL');
}
MPI.Comm_delete_attr(MPI.COMM_WORLD, kv);
check(seen[seen.length - 1][0] === 'delete' && seen[seen.length - 1][3] === value && seen[seen.length - 1][4] === extra,
      'delete callback (comm, keyval, attribute_val, extra_state)');
MPI.Barrier(MPI.COMM_WORLD);
if (rank === 0) print('attribute contract: ok');
