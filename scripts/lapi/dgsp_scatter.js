// mpish: -n 2
// DGSP scatter: task 0 sends 6 integers as one contiguous active message; task 1's header handler asks LAPI to
// scatter them through a DGSP into a 3x2 block of its 4x4 matrix (rows 1-3, columns 1-2).
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const N = 4, INT = 4;
const matrix = mem.alloc(N * N * INT);
const arrived = mem.alloc(8);

// The block as a DGSP: GOSUB runs a COPY of 2 ints 3 times, one matrix row (16 bytes) apart.
// One element per field; relative locations count elements from the instruction that holds them.
const block = LAPI.Util(h, {Util_type: LAPI.REGISTER_DGSP, idgsp: {
  code: [LAPI.DGSM_GOSUB, 8, 6, 3, 0, N * INT,   //  0: rows: run the code at 0+8, 3 times, then go on at 0+6
         LAPI.DGSM_ITERATE, -6,                  //  6: end of one instance
         LAPI.DGSM_COPY, 2 * INT, 0,             //  8: two ints of the current row
         LAPI.DGSM_ITERATE, -3],                 // 11: end of one repetition of the subroutine
  code_size: 13, depth: 1, density: LAPI.DGSM_SPARSE,
  size: 6 * INT, extent: N * N * INT, lext: 0, rext: 2 * N * INT + 2 * INT}}).dgsp_handle;

function onBlock(hndl, uhdr, uhdr_len, info) {
  // scatter the contiguous stream through `block`, starting at row 1, column 1
  return {buf: matrix + (N + 1) * INT, dgsp_handle: block, bytes: info.msg_len};
}
const handlers = LAPI.Address_init(h, onBlock);
const counters = LAPI.Address_init(h, arrived);
if (me === 0) {
  const data = mem.alloc(6 * INT), done = mem.alloc(8);
  mem.write(data, MPI.INT, [1, 2, 3, 4, 5, 6]);
  LAPI.Amsend(h, 1, handlers[1], null, 0, data, 6 * INT, counters[1], null, done);
  LAPI.Waitcntr(h, done, 1);
} else {
  LAPI.Waitcntr(h, arrived, 1);
  for (let r = 0; r < N; r++) print(mem.read(matrix + r * N * INT, MPI.INT, N).join(' '));
}
LAPI.Gfence(h);
LAPI.Util(h, {Util_type: LAPI.UNRESERVE_DGSP, dgsp_handle: block});
LAPI.Term(h);
