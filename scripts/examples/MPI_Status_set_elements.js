// mpish: -n 2
// mpish-compare: differs /Get_elements \d+, Get_count \S+, bytes \d+/ MPICH 4.0.2 takes the count as whole datatypes, not basic elements (in C too: 3 elements of {int, double} read back as 6 elements, count 3, 36 bytes); Open MPI agrees with mpish
// Rank 0 watches a receive with MPI_Request_get_status (which leaves the request alone), completes it with
// MPI_Wait, then rewrites a copy of the status as a layered library would for its own operation.
const me = MPI.Comm_rank(MPI.COMM_WORLD);
const buf = mem.alloc(4);
if (me === 1) {
  mem.write(buf, MPI.INT, [42]);
  MPI.Send(buf, 1, MPI.INT, 0, 5, MPI.COMM_WORLD);
} else {
  let req = MPI.Irecv(buf, 1, MPI.INT, 1, 5, MPI.COMM_WORLD);
  let got;
  do got = MPI.Request_get_status(req); while (!got.flag);
  print(`get_status: source ${got.status.MPI_SOURCE}, tag ${got.status.MPI_TAG}; request still live: ${req !== MPI.REQUEST_NULL}`);
  req = MPI.Wait(req).request;
  print(`after MPI_Wait the request is MPI_REQUEST_NULL: ${req === MPI.REQUEST_NULL}`);
  // a struct {int, double}: two basic elements per instance
  const pair = MPI.Type_create_struct(2, [1, 1], [0, 8], [MPI.INT, MPI.DOUBLE]);
  MPI.Type_commit(pair);
  let s = MPI.Status_set_elements(got.status, pair, 3);
  print(`3 elements of the pair: Get_elements ${MPI.Get_elements(s, pair)}, ` +
        `Get_count ${MPI.Get_count(s, pair) === MPI.UNDEFINED ? 'MPI_UNDEFINED' : MPI.Get_count(s, pair)}, ` +
        `bytes ${MPI.Get_count(s, MPI.BYTE)}`);
  s = MPI.Status_set_cancelled(s, true);
  print(`cancelled: ${MPI.Test_cancelled(s)}`);
  MPI.Type_free(pair);
}
