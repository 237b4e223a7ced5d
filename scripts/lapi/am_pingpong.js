// mpish: -n 2
// Active-message ping-pong. Task 0 sends a ping carrying a number; task 1's header handler says where the
// number goes and names a completion handler; that completion handler (which, unlike a header handler, may
// communicate) answers with a pong carrying number + 1. Ten rounds.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID), other = 1 - me;
const ROUNDS = 10;
const box = mem.alloc(8);          // where an incoming number lands
const out = mem.alloc(8);          // what this task sends
const got = mem.alloc(8);          // tgt_cntr: +1 when a message has landed and its completion handler ran
const log = [];

function onBall(hndl, uhdr, uhdr_len, info) {
  // header handler: runs on this task when it waits or polls; must not block or communicate
  return {buf: box, comp_h: afterBall, user_info: info.src};
}
function afterBall(hndl, from) {
  // completion handler: the data is in `box` now
  const n = mem.read(box, MPI.LONG, 1)[0];
  log.push(n);
  if (me === 1) {                  // task 1 answers every ping at once, from inside the handler
    mem.write(out, MPI.LONG, [n + 1]);
    LAPI.Amsend(hndl, from, handlers[from], null, 0, out, 8, counters[from], null, null);
  }
}
const handlers = LAPI.Address_init(h, onBall);
const counters = LAPI.Address_init(h, got);

if (me === 0) {
  const sent = mem.alloc(8);
  for (let i = 0; i < ROUNDS; i++) {
    mem.write(out, MPI.LONG, [10 * i]);
    LAPI.Amsend(h, other, handlers[other], null, 0, out, 8, counters[other], sent, null);
    LAPI.Waitcntr(h, sent, 1);     // `out` may be reused
    LAPI.Waitcntr(h, got, 1);      // the pong arrived and afterBall ran
  }
  print('task 0 got back', log.join(' '));
} else {
  LAPI.Waitcntr(h, got, ROUNDS);   // all the pings; answers go out from afterBall
}
LAPI.Gfence(h);
LAPI.Term(h);
