// mpish: -n 2
// LAPI_Xfer with LAPI_AMV_XFER: task 0 sends column 1 of its 4x4 matrix as a strided vector;
// the header handler on task 1 answers with a strided target vector: row 2 of its own matrix.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const N = 4, INT = 4;
const matrix = mem.alloc(N * N * INT);
const arrived = mem.alloc(8);
function onColumn(hndl, uhdr, uhdr_len, len_vec) {
  // runs on task 1, on its own thread, when it next waits or polls
  const row = mem.read(uhdr, MPI.INT, 1)[0];
  return {tgt_vec: {vec_type: LAPI.GEN_STRIDED_XFER, num_vecs: len_vec.length,
                    info: [matrix + row * N * INT, INT, INT]}};
}
const handlers = LAPI.Address_init(h, onColumn);
const counters = LAPI.Address_init(h, arrived);
if (me === 0) {
  for (let i = 0; i < N * N; i++) mem.write(matrix + i * INT, MPI.INT, [i]);
  const hdr = mem.alloc(8), done = mem.alloc(8);
  mem.write(hdr, MPI.INT, [2]);                // the user header names the row
  LAPI.Xfer(h, {Xfer_type: LAPI.AMV_XFER, tgt: 1, hdr_hdl: handlers[1], uhdr: hdr, uhdr_len: 8,
                org_vec: {vec_type: LAPI.GEN_STRIDED_XFER, num_vecs: N, info: [matrix + INT, INT, N * INT]},
                tgt_cntr: counters[1], cmpl_cntr: done});
  LAPI.Waitcntr(h, done, 1);                   // complete at the target
} else {
  LAPI.Waitcntr(h, arrived, 1);                // handlers run while this waits
  print('row 2 of task 1:', mem.read(matrix + 2 * N * INT, MPI.INT, N));
}
LAPI.Gfence(h);
