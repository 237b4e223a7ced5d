// A persistent buffered send: each MPI_Start copies the data as it is at that moment.
const comm = MPI.COMM_WORLD;
const buf = mem.alloc(4);
if (MPI.Comm_rank(comm) === 0) {
  MPI.Buffer_attach(mem.alloc(400), 400);
  const req = MPI.Bsend_init(buf, 1, MPI.INT, 1, 0, comm);
  for (let i = 1; i <= 3; i++) {
    mem.write(buf, MPI.INT, [i]);
    MPI.Start(req);
    mem.write(buf, MPI.INT, [-1]);                    // does not change the message already buffered
    MPI.Wait(req);
  }
  MPI.Request_free(req);
  MPI.Buffer_detach();
} else {
  const got = [];
  for (let i = 0; i < 3; i++) {
    MPI.Recv(buf, 1, MPI.INT, 0, 0, comm);
    got.push(mem.read(buf, MPI.INT, 1)[0]);
  }
  print(`received ${got}`);
}
