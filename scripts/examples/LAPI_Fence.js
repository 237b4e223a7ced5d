// mpish: -n 3
// Progress and ordering. In polling mode (INTERRUPT_SET 0) nothing lands at a task until it waits or polls:
// LAPI_Probe runs its dispatcher once, LAPI_Msgpoll polls and reports what completed, LAPI_Fence waits until
// this task's transfers have moved their data, LAPI_Gfence does that on every task and is a barrier.
const h = LAPI.Init({protocol: LAPI.INTERRUPT_OFF});
const me = LAPI.Qenv(h, LAPI.TASK_ID), n = LAPI.Qenv(h, LAPI.NUM_TASKS);
const slot = mem.alloc(4 * n);
const slots = LAPI.Address_init(h, slot);
const mine = mem.alloc(4);
mem.write(mine, MPI.INT, [me + 1]);
for (let t = 0; t < n; t++) LAPI.Put(h, t, 4, slots[t] + 4 * me, mine, null, null, null);
const info = LAPI.Msgpoll(h, 1000);                     // lands what reached this task so far
LAPI.Fence(h);                                          // my puts have landed everywhere...
LAPI.Gfence(h);                                         // ...and everybody's have landed here
if (me === 0) print('task 0 received', mem.read(slot, MPI.INT, n), '- Msgpoll status had bits',
                    (info.status & (LAPI.SEND_COMPLETE | LAPI.RECV_COMPLETE)) !== 0);
LAPI.Probe(h);
LAPI.Term(h);
