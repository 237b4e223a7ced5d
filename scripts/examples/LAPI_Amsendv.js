// mpish: -n 2
// LAPI_Amsendv: the data is a vector of pieces; the target's header handler gets their lengths and returns
// a target vector saying where each piece goes (here: in reverse order).
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const box = mem.alloc(12), arrived = mem.alloc(8);
function onPieces(hndl, uhdr, uhdr_len, len_vec) {
  // len_vec: [4, 8]; put the 8-byte piece first
  return {vec_type: LAPI.GEN_IOVECTOR, num_vecs: 2, info: [box + 8, box], len: len_vec};
}
const handlers = LAPI.Address_init(h, onPieces), counters = LAPI.Address_init(h, arrived);
if (me === 0) {
  const a = mem.alloc(4), b = mem.alloc(8), done = mem.alloc(8);
  mem.write(a, MPI.INT, [1]);
  mem.write(b, MPI.INT, [2, 3]);
  LAPI.Amsendv(h, 1, handlers[1], null, 0, {vec_type: LAPI.GEN_IOVECTOR, num_vecs: 2, info: [a, b], len: [4, 8]},
               counters[1], null, done);
  LAPI.Waitcntr(h, done, 1);
} else {
  LAPI.Waitcntr(h, arrived, 1);
  print('task 1 box:', mem.read(box, MPI.INT, 3));
}
LAPI.Gfence(h);
