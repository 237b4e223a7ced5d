// mpish: -n 3
// Two ways to name a header handler at another task: exchange its address with LAPI_Address_init, or
// register it at the same index everywhere with LAPI_Addr_set. Counters and buffers are always exchanged.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const seen = [];
function hello(hndl, uhdr, uhdr_len, info) { seen.push('from ' + info.src); }
const byAddress = LAPI.Address_init(h, hello);         // every task's address of its own `hello`
LAPI.Addr_set(h, hello, 1);                            // index 1 means `hello` on every task
const counter = mem.alloc(8), report = mem.alloc(12);
const counters = LAPI.Address_init(h, counter), reports = LAPI.Address_init(h, report);
LAPI.Gfence(h);                                        // everyone has registered before anyone sends
if (me === 0) {
  LAPI.Amsend(h, 1, byAddress[1], null, 0, null, 0, counters[1], null, null);
  LAPI.Amsend(h, 2, 1, null, 0, null, 0, counters[2], null, null);
  print('LAPI_Address of hello is', LAPI.Address(hello) === byAddress[0] ? 'the exchanged value' : '?',
        '- index 1 holds it too:', LAPI.Addr_get(h, 1) === LAPI.Address(hello));
  print('64-bit table:', LAPI.Address_init64(h, 100 + me));
} else {
  LAPI.Waitcntr(h, counter, 1);                        // hello runs while this waits
  LAPI.Address_init64(h, 100 + me);
  const n = mem.alloc(4);
  mem.write(n, MPI.INT, [seen.length]);
  LAPI.Put(h, 0, 4, reports[0] + 4 * me, n, null, null, counter);
  LAPI.Waitcntr(h, counter, 1);
}
LAPI.Gfence(h);
if (me === 0) print('hello ran on tasks 0, 1, 2:', mem.read(report, MPI.INT, 3));
