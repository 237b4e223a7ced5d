// mpish: explore -n 3
// expect-exit: 1
// The order of active messages. Tasks 1 and 2 each send task 0 an active message, and task 0's header
// handler notes where each came from. LAPI orders no two transfers, not even two to the same target
// (only counters and LAPI_Fence order them), so either message may be handled first; this script assumes
// task 1's always is. A plain `mpish run` mostly agrees; `mpish explore` runs both orders and reports the
// one that breaks it. The fix: do not depend on the order (count, or sort what arrived), or make task 2
// wait for a sign that task 1's message has been handled.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const arrived = mem.alloc(8);
const from = [];
function onMessage(hndl, uhdr, uhdr_len, info) {
  from.push(info.src);          // no data, so no buffer and no completion handler
}
const handlers = LAPI.Address_init(h, onMessage), counters = LAPI.Address_init(h, arrived);

if (me === 0) {
  LAPI.Waitcntr(h, arrived, 2);
  print(`handled: from task ${from.join(', then task ')}`);
  if (from[0] !== 1) throw new Error(`task ${from[0]}'s message was handled first`);
} else {
  const sent = mem.alloc(8);
  LAPI.Amsend(h, 0, handlers[0], 0, 0, 0, 0, counters[0], sent, 0);
  LAPI.Waitcntr(h, sent, 1);
}
LAPI.Gfence(h);
LAPI.Term(h);
