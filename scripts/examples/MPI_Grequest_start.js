// mpish: -n 1
// A layered library's own operation as an MPI request: the script does the work itself, declares it done with
// MPI_Grequest_complete, and MPI calls the three functions at the points MPI-4.1 section 13.2 names.
const log = [];
const state = {name: 'copy', bytes: 24};
const query = (st, status) => {
  log.push(`query_fn(${st.name})`);
  // the status the completing call returns: 24 bytes received, not cancelled
  return MPI.Status_set_elements(status, MPI.BYTE, st.bytes);
};
const free = (st) => { log.push(`free_fn(${st.name})`); return MPI.SUCCESS; };
const cancel = (st, complete) => { log.push(`cancel_fn(${st.name}, complete=${complete})`); return MPI.SUCCESS; };

let req = MPI.Grequest_start(query, free, cancel, state);
print(`before completion MPI_Test says done: ${MPI.Test(req).flag}`);
MPI.Cancel(req);                      // cancel_fn learns the operation is still running
MPI.Grequest_complete(req);           // the work is done
const peek = MPI.Request_get_status(req);
print(`Request_get_status: flag ${peek.flag}, ${MPI.Get_count(peek.status, MPI.INT)} ints; request kept: ${req !== MPI.REQUEST_NULL}`);
const done = MPI.Wait(req);
print(`MPI_Wait: ${MPI.Get_count(done.status, MPI.INT)} ints, request now MPI_REQUEST_NULL: ${done.request === MPI.REQUEST_NULL}`);
print(`calls in order: ${log.join(', ')}`);

// MPI_Request_free before the work ends: free_fn waits for MPI_Grequest_complete
log.length = 0;
const keep = MPI.Grequest_start(query, free, cancel, {name: 'background', bytes: 0});
MPI.Request_free(keep);
print(`after MPI_Request_free: [${log.join(', ')}]`);
MPI.Grequest_complete(keep);
print(`after MPI_Grequest_complete: [${log.join(', ')}]`);

// a query function that reports an error: MPI_Waitall fails with MPI_ERR_IN_STATUS
MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);
const a = MPI.Grequest_start(query, free, cancel, {name: 'a', bytes: 4});
const b = MPI.Grequest_start(() => MPI.ERR_OTHER, free, cancel, {name: 'b'});
MPI.Grequest_complete(a);
MPI.Grequest_complete(b);
try {
  MPI.Waitall(2, [a, b]);
} catch (e) {
  print(`MPI_Waitall: ${e.message}`);
}
