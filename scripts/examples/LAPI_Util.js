// mpish: -n 1
// LAPI_Util: register a DGSP (every other int), pack and unpack with it, then release it.
const h = LAPI.Init();
const everyOther = LAPI.Util(h, {Util_type: LAPI.REGISTER_DGSP, idgsp: {
  code: [LAPI.DGSM_COPY, 4, 0, LAPI.DGSM_ITERATE, -LAPI.DGSM_COPY_SIZE],
  code_size: 5, depth: 1, density: LAPI.DGSM_SPARSE, size: 4, extent: 8, lext: 0, rext: 4}}).dgsp_handle;
const src = mem.alloc(32), packed = mem.alloc(16), back = mem.alloc(32);
mem.write(src, MPI.INT, [1, 2, 3, 4, 5, 6, 7, 8]);
let pos = LAPI.Util(h, {Util_type: LAPI.DGSP_PACK, dgsp: everyOther, in_buf: src, bytes: 16,
                        out_buf: packed, out_size: 16, position: 0}).position;
print('packed', pos, 'bytes:', mem.read(packed, MPI.INT, 4));
LAPI.Util(h, {Util_type: LAPI.DGSP_UNPACK, dgsp: everyOther, in_buf: packed, in_size: 16,
              out_buf: back, bytes: 16, position: 0});
print('unpacked:', mem.read(back, MPI.INT, 8));
try {
  LAPI.Util(h, {Util_type: LAPI.REGISTER_DGSP, idgsp: {code: [LAPI.DGSM_COPY, 4, 0], code_size: 3, depth: 1, size: 4, extent: 4}});
} catch (e) {
  print(LAPI.Msg_string(e.code));   // the program does not end with ITERATE
}
LAPI.Util(h, {Util_type: LAPI.UNRESERVE_DGSP, dgsp_handle: everyOther});
LAPI.Term(h);
