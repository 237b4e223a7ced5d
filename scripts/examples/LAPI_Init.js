// mpish: -n 2
// Open a LAPI context with an error handler, ask about the environment, change a setting, close it.
const errors = [];
const h = LAPI.Init({err_hndlr: (hndl, code, err_type, task, src) => errors.push(code)});
const me = LAPI.Qenv(h, LAPI.TASK_ID);
if (me === 0) {
  print('tasks:', LAPI.Qenv(h, LAPI.NUM_TASKS), ' max user header:', LAPI.Qenv(h, LAPI.MAX_UHDR_SZ),
        ' address table:', LAPI.Qenv(h, LAPI.LOC_ADDRTBL_SZ));
  print('interrupt mode:', LAPI.Qenv(h, LAPI.INTERRUPT_SET));
  LAPI.Senv(h, LAPI.INTERRUPT_SET, 0);             // polling mode: data lands only when this task polls
  print('interrupt mode now:', LAPI.Qenv(h, LAPI.INTERRUPT_SET));
  try {
    LAPI.Senv(h, LAPI.NUM_TASKS, 8);
  } catch (e) {
    print(e.code === LAPI.ERR_QUERY_TYPE, LAPI.Msg_string(e.code));
  }
}
LAPI.Gfence(h);
LAPI.Term(h);
try {
  LAPI.Qenv(h, LAPI.TASK_ID);
} catch (e) {
  if (me === 0) print('after LAPI_Term:', LAPI.Msg_string(e.code));
}
