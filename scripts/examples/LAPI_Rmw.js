// mpish: -n 4
// LAPI_Rmw and LAPI_Rmw64: atomic operations on another task's integer. in_val and prev_tgt_val are addresses
// at the origin; prev_tgt_val is written before org_cntr moves.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID), n = LAPI.Qenv(h, LAPI.NUM_TASKS);
const next = mem.alloc(4), big = mem.alloc(8);
const nexts = LAPI.Address_init(h, next), bigs = LAPI.Address_init(h, big);
const in32 = mem.alloc(4), prev32 = mem.alloc(4), org = mem.alloc(8);
mem.write(in32, MPI.INT, [1]);
LAPI.Rmw(h, LAPI.FETCH_AND_ADD, 0, nexts[0], in32, prev32, org);   // take a number from task 0
LAPI.Waitcntr(h, org, 1);
const mine = mem.read(prev32, MPI.INT, 1)[0];
const in64 = mem.alloc(8), prev64 = mem.alloc(8);
mem.write(in64, MPI.LONG_LONG, [2 ** (40 + mine)]);
LAPI.Rmw64(h, LAPI.FETCH_AND_OR, 0, bigs[0], in64, null, org);     // set bit 40 + my number; old value not wanted
LAPI.Waitcntr(h, org, 1);
LAPI.Gfence(h);
if (me === 0) {
  print('numbers handed out:', mem.read(next, MPI.INT, 1)[0], ' bits set:', mem.read(big, MPI.LONG_LONG, 1)[0] / 2 ** 40);
  const cas = mem.alloc(8);
  mem.write(cas, MPI.INT, [n, 0]);                                 // if it is n, reset it to 0
  LAPI.Rmw(h, LAPI.COMPARE_AND_SWAP, 0, nexts[0], cas, prev32, org);
  LAPI.Waitcntr(h, org, 1);
  print('compare-and-swap succeeded:', mem.read(prev32, MPI.INT, 1)[0], ' now:', mem.read(next, MPI.INT, 1)[0]);
}
LAPI.Gfence(h);
