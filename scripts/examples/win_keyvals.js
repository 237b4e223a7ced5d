// mpish: -n 4
// Window attribute caching: a keyval with JavaScript callbacks, one attribute per window, the
// predefined window attributes, and the delete callback running when MPI_Win_free frees the window.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };

const deleted = [];
const copy = (win, keyval, extra, value) => { throw MPI.ERR_OTHER; }; // never runs: windows are not duplicated
const del = (win, keyval, value, extra) => { deleted.push(`${value.label} (${extra})`); };
let kv = MPI.Win_create_keyval(copy, del, 'extra state');

const buf = mem.alloc(64);
const win = MPI.Win_create(buf, 64, 4, MPI.INFO_NULL, MPI.COMM_WORLD);
MPI.Win_set_attr(win, kv, {label: `first value of rank ${rank}`});
const {flag, attribute_val} = MPI.Win_get_attr(win, kv);
say(`get: flag ${flag}, label "${attribute_val.label}"`);

MPI.Win_set_attr(win, kv, {label: 'second value'}); // replaces: the old value is deleted first
say(`deleted so far: ${deleted.join(', ')}`);

const get = (key) => MPI.Win_get_attr(win, key).attribute_val;
say(`MPI_WIN_BASE is buf: ${get(MPI.WIN_BASE) === buf}, MPI_WIN_SIZE ${get(MPI.WIN_SIZE)}, ` +
    `MPI_WIN_DISP_UNIT ${get(MPI.WIN_DISP_UNIT)}`);
say(`flavor is MPI_WIN_FLAVOR_CREATE: ${get(MPI.WIN_CREATE_FLAVOR) === MPI.WIN_FLAVOR_CREATE}, ` +
    `model is MPI_WIN_UNIFIED: ${get(MPI.WIN_MODEL) === MPI.WIN_UNIFIED}`);

MPI.Win_set_errhandler(win, MPI.ERRORS_RETURN); // windows start with MPI_ERRORS_ARE_FATAL
try {
  MPI.Win_set_attr(win, MPI.WIN_SIZE, 1);
} catch (e) {
  say(`${e.name}: ${e.message}`);
}

kv = MPI.Win_free_keyval(kv); // the attribute on win stays, and so does its delete callback
say(`keyval after MPI_Win_free_keyval: ${kv}`);
const freed = MPI.Win_free(win); // collective; runs the delete callback
say(`MPI_Win_free returned ${freed}; deleted: ${deleted.join(', ')}`);
