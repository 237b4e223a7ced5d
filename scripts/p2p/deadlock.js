// mpish: -n 3
// expect-exit: 1
// Three classic ways to wait forever. A real MPI would just hang; mpish sees that every rank is waiting on
// something no other rank can supply, ends the job, and prints each rank's call and what it waits for:
//   rank 0 waits for a message that nobody sends,
//   rank 1 waits for tag 2 while the message it was sent has tag 1,
//   rank 2 waits in MPI_Buffer_detach for a buffered message rank 0 never receives.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const buf = mem.alloc(16);

if (rank === 0) {
  MPI.Recv(buf, 1, MPI.INT, 2, 5, comm);
} else if (rank === 1) {
  MPI.Recv(buf, 1, MPI.INT, 2, 2, comm);
} else {
  MPI.Send(buf, 1, MPI.INT, 1, 1, comm);         // small: delivered eagerly, returns at once
  MPI.Buffer_attach(mem.alloc(1000), 1000);
  MPI.Bsend(buf, 4, MPI.BYTE, 0, 9, comm);       // returns at once too
  MPI.Buffer_detach();                           // but this waits until rank 0 receives tag 9
}
