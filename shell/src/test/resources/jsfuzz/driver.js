// The JavaScript fuzz driver (ScriptFuzzTest): random sequences of calls over the whole catalogue with random and
// wrong arguments. CALLS, SEED and BUDGET are filled in by the test. Every exception must be an MPIError, a
// LAPIError, or a TypeError / RangeError with a one-line message; anything else is a finding.
const CALLS = __CALLS__;
const BUDGET = __BUDGET__;
const me = MPI.Comm_rank(MPI.COMM_WORLD);
let seed = (__SEED__ * 2654435761 + me * 97 + 1) >>> 0;
const rnd = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const pick = (a) => a[Math.floor(rnd() * a.length)];
const chance = (p) => rnd() < p;
MPI.Comm_set_errhandler(MPI.COMM_WORLD, MPI.ERRORS_RETURN);
MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);

const cyclic = {name: 'cyclic'}; cyclic.self = cyclic;
const deep = []; { let d = deep; for (let i = 0; i < 100; i++) { const n = []; d.push(n); d = n; } }
const thrower = function () { throw new Error('thrown by a callback'); };
const intThrower = function () { throw 17; };
const benign = function () { return 0; };
const getterBomb = {}; Object.defineProperty(getterBomb, 'tgt', {enumerable: true, get() { throw new Error('getter'); }});
const wrong = [undefined, null, -1, 0, 1, 2, 3, 7, 255, 2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, -(2 ** 53), 2 ** 63, 1e300, -1e300,
  NaN, Infinity, -Infinity, 0.5, -0, '', 'MPI_INT', 'MPI_COMM_WORLD', 'nonsense', '0x10000', true, false, {}, [], [1, 2, 3],
  [[1]], cyclic, deep, thrower, intThrower, benign, getterBomb, Symbol('s'), 10n, new Float64Array(2), new Date(0), /x/];
const consts = ['COMM_WORLD', 'COMM_SELF', 'COMM_NULL', 'INT', 'DOUBLE', 'CHAR', 'BYTE', 'SUM', 'MAX', 'INFO_NULL',
  'REQUEST_NULL', 'ERRORS_RETURN', 'ERRORS_ARE_FATAL', 'GROUP_EMPTY', 'GROUP_NULL', 'KEYVAL_INVALID', 'WIN_NULL',
  'ANY_SOURCE', 'ANY_TAG', 'PROC_NULL', 'DATATYPE_NULL', 'OP_NULL', 'ERRHANDLER_NULL', 'COMM_DUP_FN',
  'COMM_NULL_COPY_FN', 'COMM_NULL_DELETE_FN', 'LOCK_SHARED', 'LOCK_EXCLUSIVE', 'MODE_NOCHECK', 'BOTTOM',
  'IN_PLACE', 'BUFFER_AUTOMATIC', 'UNDEFINED', 'TAG_UB', 'BSEND_OVERHEAD'].map((k) => MPI[k]).filter((v) => v !== undefined);
const lapiConsts = ['PUT_XFER', 'GET_XFER', 'AM_XFER', 'AMV_XFER', 'DGSP_XFER', 'RMW_XFER', 'TASK_ID', 'NUM_TASKS',
  'MAX_DATA_SZ', 'ERROR_CHK', 'BYTE', 'GEN_IOVECTOR', 'GEN_STRIDED_XFER', 'BURY_MSG', 'L2_LIB'].map((k) => LAPI[k]);
const seen = [];                                  // handles and values calls returned: used again, freed or not
const addrs = [];
for (let i = 0; i < 4; i++) addrs.push(mem.alloc([8, 64, 1024, 65536][i]));
const freed = mem.alloc(32); mem.free(freed);
addrs.push(freed);
const fields = ['Xfer_type', 'tgt', 'len', 'org_addr', 'tgt_addr', 'hdr_hdl', 'uhdr', 'uhdr_len', 'udata', 'udata_len',
  'org_vec', 'tgt_vec', 'shdlr', 'sinfo', 'chndlr', 'cinfo', 'tgt_cntr', 'org_cntr', 'cmpl_cntr', 'op', 'size', 'tgt_var',
  'in_val', 'prev_tgt_val', 'dgsp', 'status', 'flags', 'Util_type', 'idgsp', 'dgsp_handle', 'in_buf', 'out_buf', 'bytes',
  'position', 'vec_type', 'num_vecs', 'info', 'code', 'code_size', 'depth', 'extent', 'err_hndlr', 'lib_vers',
  'instance_no', 'protocol', 'MPI_SOURCE', 'MPI_TAG', 'bogus'];

const smallInt = () => chance(0.8) ? Math.floor(rnd() * 4) : pick([16, 64, 100, 1024]);
const handle = () => seen.length > 0 && chance(0.5) ? pick(seen) : pick(consts);
const struct = (depth) => {
  if (chance(0.1)) return pick(wrong);
  const o = {};
  const n = Math.floor(rnd() * 6);
  for (let i = 0; i < n; i++) o[pick(fields)] = value(depth + 1);
  if (chance(0.7)) o.Xfer_type = pick(lapiConsts.slice(0, 6));
  if (chance(0.3)) o.Util_type = Math.floor(rnd() * 8);
  return o;
};
const value = (depth) => {
  const r = rnd();
  if (r < 0.25) return pick(wrong);
  if (r < 0.45) return smallInt();
  if (r < 0.6) return pick(addrs) + (chance(0.1) ? 4 : 0);
  if (r < 0.75) return handle();
  if (r < 0.8) return pick(lapiConsts);
  if (r < 0.9 && depth < 3) return Array.from({length: Math.floor(rnd() * 4)}, () => value(depth + 1));
  return depth < 3 ? struct(depth) : smallInt();
};
const arg = (p) => {
  if (chance(0.2)) return pick(wrong);
  switch (p.kind) {
    case 'INT': case 'LONG': return chance(0.1) ? pick(lapiConsts) : smallInt();
    case 'DOUBLE': return rnd() * 10;
    case 'BOOL': return chance(0.5);
    case 'STRING': return pick(['', 'key', 'value', 'x'.repeat(300)]);
    case 'ADDR': return chance(0.8) ? pick(addrs) : 0;
    case 'HANDLE': return handle();
    case 'CALLBACK': return pick([benign, benign, thrower, intThrower, (...a) => a[a.length - 1]]);
    case 'INT_ARRAY': case 'LONG_ARRAY': return Array.from({length: smallInt()}, smallInt);
    case 'HANDLE_ARRAY': return Array.from({length: smallInt()}, handle);
    case 'STRUCT': case 'STATUS': return struct(0);
    default: return value(0);
  }
};
const bad = [];
const show = (x) => { try { return typeof x === 'function' ? 'fn' : typeof x === 'symbol' ? 'sym' : typeof x === 'bigint' ? x + 'n'
  : x === cyclic ? 'cyclic' : JSON.stringify(x)?.slice(0, 80) ?? String(x); } catch (e) { return '?'; } };
const check = (e, what) => {
  // the script's own exceptions (a getter or a callback that throws) may pass through unchanged
  const own = e instanceof Error && (e.message === 'getter' || e.message === 'thrown by a callback');
  const known = own || e instanceof MPIError || e instanceof LAPIError || e instanceof TypeError || e instanceof RangeError;
  const m = e && typeof e.message === 'string' ? e.message : String(e);
  if (!known || m.includes('\n') || /java\.|Exception|\tat |\bnull\b.*\bnull\b|StackOverflow/.test(m)) {
    bad.push(what + ' threw ' + (e && e.name) + ': ' + m.split('\n')[0].slice(0, 300));
  }
};
let calls = 0;
const t0 = Date.now(), slow = [];
for (let i = 0; i < BUDGET; i++) {
  if (chance(0.05)) {                             // the mem object too
    const op = pick(['alloc', 'free', 'read', 'write']);
    const a = [pick([...addrs, ...wrong]), pick([MPI.INT, MPI.DOUBLE, ...wrong]), pick([1, 4, 1e6, -1, [1, 2], cyclic, deep, ...wrong])];
    try { const r = mem[op](...a.slice(0, 1 + Math.floor(rnd() * 3))); if (op === 'alloc' && typeof r === 'number') addrs.push(r); }
    catch (e) { check(e, 'mem.' + op + '(' + a.map(show).join(', ') + ')'); }
    continue;
  }
  const c = pick(CALLS);
  if ((c.name === 'Abort' || c.name === 'Finalize') && !chance(0.02)) continue;
  const args = c.params.map(arg);
  if (chance(0.05)) args.push(pick(wrong));       // one too many
  else if (chance(0.05)) args.pop();              // one too few
  const api = c.api === 'MPI' ? MPI : LAPI;
  const what = c.api + '.' + c.name + '(' + args.map(show).join(', ') + ')';
  calls++;
  const t1 = Date.now();
  try {
    const r = api[c.name](...args);
    if (r !== undefined && r !== null) {
      if (typeof r === 'object' && !Array.isArray(r) && !(String(r).match(/^[a-z]+\d+$/))) {
        for (const k of Object.keys(r)) if (r[k] !== undefined && r[k] !== null) seen.push(r[k]);
      } else seen.push(r);
      if (seen.length > 200) seen.splice(0, 100);
    }
  } catch (e) {
    check(e, what);
  }
  if (Date.now() - t1 > 500) slow.push((Date.now() - t1) + ' ms ' + what.slice(0, 120));
}
if (slow.length > 0 && __VERBOSE__) print('slow calls: ' + slow.join(' | '));
print('FUZZ rank ' + me + ' calls ' + calls + ' findings ' + JSON.stringify(bad.slice(0, 10)) + ' ms ' + (Date.now() - t0));
