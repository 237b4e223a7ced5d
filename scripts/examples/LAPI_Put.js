// mpish: -n 2
// LAPI_Put and LAPI_Get, and what each counter means. Counters are 8-byte slots in a task's memory.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const buf = mem.alloc(16), tgt = mem.alloc(8);
const bufs = LAPI.Address_init(h, buf), tgts = LAPI.Address_init(h, tgt);
if (me === 0) {
  const src = mem.alloc(16), org = mem.alloc(8), cmpl = mem.alloc(8);
  LAPI.Setcntr(h, org, 0);
  mem.write(src, MPI.INT, [1, 2, 3, 4]);
  LAPI.Put(h, 1, 16, bufs[1], src, tgts[1], org, cmpl);
  print('after LAPI_Put: org_cntr', LAPI.Getcntr(h, org), '(src may be reused)');
  LAPI.Waitcntr(h, cmpl, 1);
  print('cmpl_cntr reached 1: the data is in task 1');
  const back = mem.alloc(16);
  LAPI.Get(h, 1, 16, bufs[1], back, tgts[1], org);
  print('LAPI_Waitcntr(org_cntr, 2) leaves', LAPI.Waitcntr(h, org, 2), '- got back', mem.read(back, MPI.INT, 4));
} else {
  LAPI.Waitcntr(h, tgt, 2);    // +1 when the put landed, +1 when the get no longer needs buf
}
LAPI.Gfence(h);
