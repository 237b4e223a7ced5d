// mpish: -n 2
// LAPI_Xfer with LAPI_GET_XFER: task 0 reads four integers that task 1 owns.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const data = mem.alloc(16);                    // every task owns a buffer...
mem.write(data, MPI.INT, [10 * me, 10 * me + 1, 10 * me + 2, 10 * me + 3]);
const tgtCntr = mem.alloc(8);                  // ...and a counter LAPI moves once it has read it
const datas = LAPI.Address_init(h, data);      // learn every task's addresses
const tgtCntrs = LAPI.Address_init(h, tgtCntr);
if (me === 0) {
  const into = mem.alloc(16), orgCntr = mem.alloc(8);
  LAPI.Xfer(h, {Xfer_type: LAPI.GET_XFER, tgt: 1, tgt_addr: datas[1], org_addr: into,
                len: 16, tgt_cntr: tgtCntrs[1], org_cntr: orgCntr});
  LAPI.Waitcntr(h, orgCntr, 1);                // the data is here now
  print('task 0 got', mem.read(into, MPI.INT, 4));
} else {
  LAPI.Waitcntr(h, tgtCntr, 1);                // LAPI no longer reads this buffer
}
LAPI.Gfence(h);
LAPI.Term(h);
