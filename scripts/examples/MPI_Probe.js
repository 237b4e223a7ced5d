// Rank 1 does not know how long the message will be: it probes, allocates, then receives.
const comm = MPI.COMM_WORLD;
if (MPI.Comm_rank(comm) === 0) {
  const data = mem.alloc(5 * 8);
  mem.write(data, MPI.DOUBLE, [1, 1, 2, 3, 5]);
  MPI.Send(data, 5, MPI.DOUBLE, 1, 8, comm);
  MPI.Send(data, 2, MPI.DOUBLE, 1, 9, comm);
} else {
  const st = MPI.Probe(0, 8, comm);
  const n = MPI.Get_count(st, MPI.DOUBLE);
  const buf = mem.alloc(n * 8);
  MPI.Recv(buf, n, MPI.DOUBLE, 0, 8, comm);
  print(`probed ${n} doubles: ${mem.read(buf, MPI.DOUBLE, n)}`);
  let p;
  do p = MPI.Iprobe(0, 9, comm); while (!p.flag);        // poll until it is there
  const m = MPI.Mprobe(0, 9, comm);                       // take it: nobody else can receive it now
  const k = MPI.Get_count(m.status, MPI.DOUBLE);
  MPI.Mrecv(buf, k, MPI.DOUBLE, m.message);
  print(`matched probe: ${k} doubles: ${mem.read(buf, MPI.DOUBLE, k)}`);
}
