// mpish: -n 1
// What the JavaScript fuzz (ScriptFuzzTest) found, each once: every answer is an MPI error or a one-line
// TypeError / RangeError, never a Java exception.
MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);
const small = mem.alloc(8);
const cyclic = {}; cyclic.self = cyclic;
const tries = [
  ['mem.read with a count past 2^31', () => mem.read(small, MPI.INT, 2147483648)],
  ['mem.read with a negative count', () => mem.read(small, MPI.INT, -1)],
  ['mem.read of 2^29 ints from 8 bytes', () => mem.read(small, MPI.INT, 1 << 29)],
  ['mem.write of a cyclic list', () => mem.write(small, MPI.INT, [1, cyclic])],
  ['MPI.Type_vector of 2^31-1 separate blocks', () => MPI.Type_vector(2147483647, 1, 3, MPI.INT)],
  ['MPI.Type_create_struct of count 0 with arrays left out', () => MPI.Type_get_extent(MPI.Type_create_struct(0, [], undefined, []))],
  ['LAPI.Xfer with a structure that contains itself', () => LAPI.Xfer(0, {Xfer_type: LAPI.PUT_XFER, org_vec: cyclic})],
];
for (const [what, f] of tries) {
  try {
    const r = f();
    print(what + ': no error' + (r === undefined ? '' : ', ' + JSON.stringify(r)));
  } catch (e) {
    print(what + ': ' + e.name + ': ' + e.message);
  }
}
// end to end, a contiguous vector of 2^31-1 ints is one block, not two billion
const big = MPI.Type_contiguous(2147483647, MPI.INT);
print('Type_contiguous(2^31-1, INT): size', MPI.Type_size(big) === MPI.UNDEFINED ? 'MPI_UNDEFINED' : MPI.Type_size(big));
