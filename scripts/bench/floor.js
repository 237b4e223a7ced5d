// mpish: -n 2
// test-args: 200 0.2
// expect-match: ^(\[0\] )?RESULT script\.floor\.loop_iter \d[0-9.e+-]* us$
// expect-match: ^(\[0\] )?RESULT script\.floor\.js_call \d[0-9.e+-]* us$
// expect-match: ^(\[0\] )?RESULT script\.floor\.wtime_call \d[0-9.e+-]* us$
// expect-match: ^(\[0\] )?RESULT script\.floor\.comm_rank_call \d[0-9.e+-]* us$
// What a script pays before any MPI work, so the script rows can be read against it: an empty loop iteration, a
// call of a JavaScript function, a call of MPI.Wtime (the binding and the call catalogue, no arguments) and of
// MPI.Comm_rank (one handle in, one number out). Rank 0 measures; the time per iteration, in microseconds.
// Arguments: batch size (default 20000), warm-up limit (s).
const BATCH = args.length > 0 ? Number(args[0]) : 20000;
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm);

// Warm-up, then the median of 11 timed batches (seconds per iteration), as the other script benchmarks do.
function measure(f, batch) {
  const jit = typeof Graal !== 'undefined' && Graal.isGraalRuntime();
  const maxWarm = args.length > 1 ? Number(args[1]) : jit ? 90 : 10, quiet = jit ? 5 : 2;
  const t0 = MPI.Wtime();
  let best = Infinity, bestAt = t0;
  for (;;) {
    const s = MPI.Wtime();
    f(batch);
    const now = MPI.Wtime(), per = (now - s) / batch;
    if (per < best * 0.97) { best = per; bestAt = now; }
    if (now - t0 >= maxWarm || (now - t0 >= Math.min(1, maxWarm) && now - bestAt >= quiet)) break;
  }
  const r = [];
  for (let k = 0; k < 11; k++) { const s = MPI.Wtime(); f(batch); r.push((MPI.Wtime() - s) / batch); }
  r.sort((a, b) => a - b);
  return r[5];
}

if (me === 0) {
  let sink = 0;
  const id = (x) => x + 1;
  const report = (name, t) => print(`RESULT script.floor.${name} ${(t * 1e6).toPrecision(4)} us`);
  report('loop_iter', measure((n) => { for (let i = 0; i < n; i++) sink += i; }, BATCH));
  report('js_call', measure((n) => { for (let i = 0; i < n; i++) sink = id(sink); }, BATCH));
  report('wtime_call', measure((n) => { for (let i = 0; i < n; i++) sink += MPI.Wtime(); }, BATCH));
  report('comm_rank_call', measure((n) => { for (let i = 0; i < n; i++) sink += MPI.Comm_rank(comm); }, BATCH));
  if (!(sink > 0)) throw new Error('the loops did not run');
}
