// mpish: -n 2
// Ready mode needs the receive posted first; a persistent synchronous send completes only once received;
// MPI_Improbe takes a message off the queue without waiting, and MPI_Imrecv receives that very message.
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm);
const buf = mem.alloc(12);
if (me === 1) {
  const r = MPI.Irecv(buf, 1, MPI.INT, 0, 1, comm);
  MPI.Barrier(comm);                                    // now rank 0 may send in ready mode
  MPI.Wait(r);
  MPI.Barrier(comm);                                    // rank 0's Ssend_init has been started, not completed
  MPI.Recv(buf, 1, MPI.INT, 0, 2, comm);
  mem.write(buf, MPI.INT, [7, 8, 9]);
  MPI.Send(buf, 3, MPI.INT, 0, 3, comm);
} else {
  mem.write(buf, MPI.INT, [42]);
  MPI.Barrier(comm);
  MPI.Wait(MPI.Irsend(buf, 1, MPI.INT, 1, 1, comm));
  const p = MPI.Ssend_init(buf, 1, MPI.INT, 1, 2, comm);
  MPI.Start(p);
  print(`Ssend_init started; complete before the receive: ${MPI.Test(p).flag}`);
  MPI.Barrier(comm);
  print(`after the receive: ${MPI.Wait(p).status.MPI_ERROR === MPI.SUCCESS ? 'complete' : 'failed'}`);
  MPI.Request_free(p);
  let m;
  do m = MPI.Improbe(1, 3, comm); while (!m.flag);
  print(`Improbe: ${MPI.Get_count(m.status, MPI.INT)} ints from rank ${m.status.MPI_SOURCE}; Iprobe still sees it: ${MPI.Iprobe(1, 3, comm).flag}`);
  const {request} = MPI.Imrecv(buf, 3, MPI.INT, m.message);
  MPI.Wait(request);
  print(`Imrecv: ${mem.read(buf, MPI.INT, 3)}`);
  const np = MPI.Improbe(MPI.PROC_NULL, 0, comm);
  const st = MPI.Wait(MPI.Imrecv(buf, 3, MPI.INT, np.message).request);
  print(`from MPI_PROC_NULL: flag ${np.flag}, message is MPI_MESSAGE_NO_PROC: ${np.message == MPI.MESSAGE_NO_PROC}, source ${st.status.MPI_SOURCE}`);
}
