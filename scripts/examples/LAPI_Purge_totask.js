// mpish: -n 3
// Recovery calls. LAPI_Setcntr_wstatus zeroes a counter and tracks, per task, whether it has updated it;
// LAPI_Nopoll_wait waits for the counter without running the dispatcher (LAPI asks for lib_vers L2_LIB);
// LAPI_Purge_totask cancels what is in flight to a task and refuses new transfers until LAPI_Resume_totask.
const h = LAPI.Init({lib_vers: LAPI.L2_LIB});
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const got = mem.alloc(8), status = mem.alloc(8), buf = mem.alloc(4);
if (me === 0) LAPI.Setcntr_wstatus(h, got, 2, [1, 2], status);
const gots = LAPI.Address_init(h, got), bufs = LAPI.Address_init(h, buf);
if (me === 1) LAPI.Put(h, 0, 4, bufs[0], buf, gots[0], null, null);
if (me === 0) {
  LAPI.Nopoll_wait(h, got, 1);                      // interrupt mode: the put lands without task 0 polling
  print('per-task status for tasks 1, 2:', mem.read(status, MPI.INT, 2), '(1 = LAPI_MSG_RECVD, 0 = initial)');
  LAPI.Purge_totask(h, 2);
  print('task 2 purged:', mem.read(status, MPI.INT, 2), '(2 = LAPI_MSG_PURGED)');
  try {
    LAPI.Put(h, 2, 4, bufs[2], buf, null, null, null);
  } catch (e) {
    print('a put to task 2:', LAPI.Msg_string(e.code));
  }
  LAPI.Resume_totask(h, 2);
  LAPI.Put(h, 2, 4, bufs[2], buf, null, null, null);
  LAPI.Fence(h);
  print('after LAPI_Resume_totask the put goes through');
}
LAPI.Gfence(h);
