// mpish: -n 2
// What a script hands LAPI as C's void * comes back as the very same value (sinfo, cinfo, user_info), even an
// object that refers to itself; a header handler sets return_info fields by assigning them, as C code does;
// LAPI_Xfer writes status back into the object it was given.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const buf = mem.alloc(16), amBuf = mem.alloc(16), arrived = mem.alloc(8);
const lines = [], say = (...a) => lines.push(a.join(' '));   // printed in task order at the end
const kept = {note: 'user_info'};
kept.self = kept;
function bury(hndl, uhdr, uhdr_len, info) {
  info.ctl_flags = LAPI.BURY_MSG;              // discard the data, as ((lapi_return_info_t *) msg_len)->ctl_flags = ...
  return {buf: amBuf, user_info: kept, comp_h: (hh, ui) => say('user_info is the same object:', ui === kept, ui.self === ui)};
}
const handlers = LAPI.Address_init(h, bury);
const bufs = LAPI.Address_init(h, buf);
const counters = LAPI.Address_init(h, arrived);
if (me === 0) {
  const data = mem.alloc(16), done = mem.alloc(8), got = mem.alloc(8);
  mem.write(data, MPI.INT, [1, 2, 3, 4]);
  const sinfo = {name: 'mine'};
  sinfo.me = sinfo;                            // cyclic: must not be copied (it would never end)
  let seen = null;
  LAPI.Xfer(h, {Xfer_type: LAPI.PUT_XFER, tgt: 1, tgt_addr: bufs[1], org_addr: data, len: 16,
                shdlr: (hndl, si, info) => { seen = si; }, sinfo: sinfo, org_cntr: done});
  LAPI.Waitcntr(h, done, 1);                   // org_cntr moves after the send-completion handler ran
  say('sinfo is the same object:', seen === sinfo);
  const cinfo = [7];
  let back = null;
  LAPI.Xfer(h, {Xfer_type: LAPI.GET_XFER, tgt: 1, tgt_addr: bufs[1], org_addr: data, len: 8, org_cntr: got,
                chndlr: (hndl, ci) => { back = ci; }, cinfo: cinfo});
  LAPI.Waitcntr(h, got, 1);
  say('cinfo is the same object:', back === cinfo);
  const am = {Xfer_type: LAPI.DGSP_XFER, tgt: 1, hdr_hdl: handlers[1], udata: data, udata_len: 8, dgsp: LAPI.BYTE,
              tgt_cntr: counters[1], cmpl_cntr: done, status: 99};
  LAPI.Xfer(h, am);
  say('status written back:', am.status);
  LAPI.Waitcntr(h, done, 1);
  const bad = {Xfer_type: LAPI.DGSP_XFER, tgt: 5, hdr_hdl: handlers[1], dgsp: LAPI.BYTE};
  try { LAPI.Xfer(h, bad); } catch (e) { say('failed with', e.code, 'status', bad.status); }
} else {
  LAPI.Waitcntr(h, arrived, 1);
  say('task 1 buffer after the buried message:', mem.read(amBuf, MPI.INT, 4));
}
LAPI.Gfence(h);
for (let t = 0; t < 2; t++) {
  if (t === me) lines.forEach(l => print(l));
  LAPI.Gfence(h);
}
LAPI.Term(h);
