// mpish: -n 2
// Script-level LAPI: task 0 issues LAPI.Put of 8 bytes to task 1 and LAPI.Waitcntr on its origin counter in a hot
// loop. Prints the time per Put + Waitcntr. Argument: iterations.
const N = args.length > 0 ? Number(args[0]) : 200000;
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const buf = mem.alloc(8);
const bufs = LAPI.Address_init(h, buf);
LAPI.Gfence(h);

if (me === 0) {
  const src = mem.alloc(8), org = mem.alloc(8);
  const loop = (n) => {
    for (let i = 0; i < n; i++) {
      LAPI.Put(h, 1, 8, bufs[1], src, 0, org, 0);
      LAPI.Waitcntr(h, org, 1);
    }
  };
  loop(Math.max(10, N / 10));
  mem.write(src, MPI.LONG, [9]);
  const t0 = MPI.Wtime();
  loop(N);
  const t = MPI.Wtime() - t0;
  print(`RESULT py.lapi_put_8B_waitcntr.lat ${(t / N * 1e6).toPrecision(4)} us`);
}
LAPI.Gfence(h);
if (me === 1 && mem.read(buf, MPI.LONG, 1)[0] !== 9) throw new Error('the put did not land');
LAPI.Term(h);
