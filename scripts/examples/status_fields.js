// mpish: -n 2
// Rank 0 watches two receives with the MPI-4.1 MPI_Request_get_status_any / _some / _all, which free nothing,
// then completes them with MPI_Waitall; a layered library rewrites a status with the MPI_Status_set_* calls.
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm);
const buf = mem.alloc(8);
if (me === 1) {
  mem.write(buf, MPI.INT, [11, 22]);
  MPI.Send(buf, 1, MPI.INT, 0, 5, comm);
  MPI.Barrier(comm);
  MPI.Barrier(comm);
  MPI.Send(buf + 4, 1, MPI.INT, 0, 6, comm);
} else {
  const reqs = [MPI.Irecv(buf, 1, MPI.INT, 1, 5, comm), MPI.Irecv(buf + 4, 1, MPI.INT, 1, 6, comm)];
  MPI.Barrier(comm);                                    // the tag-5 message is on its way
  let any;
  do any = MPI.Request_get_status_any(2, reqs); while (!any.flag);
  print(`get_status_any: index ${any.index}, tag ${MPI.Status_get_tag(any.status)}`);
  const some = MPI.Request_get_status_some(2, reqs);
  print(`get_status_some: ${some.outcount} done, indices [${some.array_of_indices}]`);
  print(`get_status_all: flag ${MPI.Request_get_status_all(2, reqs).flag} (tag 6 is not sent yet)`);
  MPI.Barrier(comm);
  let all;
  do all = MPI.Request_get_status_all(2, reqs); while (!all.flag);
  print(`get_status_all: flag true, tags ${all.array_of_statuses.map(s => MPI.Status_get_tag(s))}`);
  const done = MPI.Waitall(2, reqs);                    // the requests were still there to complete
  print(`values ${mem.read(buf, MPI.INT, 2)}; requests null now: ${done.array_of_requests.every(q => q == MPI.REQUEST_NULL)}`);
  let s = done.array_of_statuses[0];
  s = MPI.Status_set_source(s, 3);
  s = MPI.Status_set_tag(s, 77);
  s = MPI.Status_set_error(s, MPI.ERR_TRUNCATE);
  print(`rewritten: source ${MPI.Status_get_source(s)}, tag ${MPI.Status_get_tag(s)}, error is MPI_ERR_TRUNCATE: ${MPI.Status_get_error(s) === MPI.ERR_TRUNCATE}, count ${MPI.Get_count(s, MPI.INT)}`);
}
