// mpish: -n 2
// An active message: the header handler at the target picks the buffer; the completion handler runs once
// the data is there; tgt_cntr (target) and cmpl_cntr (origin) move only after the completion handler.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const inbox = mem.alloc(16), arrived = mem.alloc(8);
const notes = [];
function onMessage(hndl, uhdr, uhdr_len, info) {
  notes.push(`header handler: ${uhdr_len}-byte header, ${info.msg_len} bytes of data from task ${info.src}`);
  return {buf: inbox, comp_h: onComplete, user_info: mem.read(uhdr, MPI.INT, 1)[0]};
}
function onComplete(hndl, user_info) {
  notes.push(`completion handler: user_info ${user_info}, data ${mem.read(inbox, MPI.INT, 4)}, tgt_cntr ${LAPI.Getcntr(hndl, arrived)}`);
}
const handlers = LAPI.Address_init(h, onMessage), counters = LAPI.Address_init(h, arrived);
if (me === 0) {
  const hdr = mem.alloc(8), data = mem.alloc(16), org = mem.alloc(8), cmpl = mem.alloc(8);
  mem.write(hdr, MPI.INT, [7]);
  mem.write(data, MPI.INT, [5, 6, 7, 8]);
  LAPI.Amsend(h, 1, handlers[1], hdr, 8, data, 16, counters[1], org, cmpl);
  LAPI.Waitcntr(h, cmpl, 1);
} else {
  LAPI.Waitcntr(h, arrived, 1);
  notes.push('tgt_cntr reached 1');
  print(notes.join('\n'));
}
LAPI.Gfence(h);
