// mpish: explore -n 4
// expect-match: ^  90 schedules run
// Exploration past toy sizes (bench/run): ranks 1 to 3 each send rank 0 two messages and rank 0 takes
// all six with MPI_ANY_SOURCE. Each sender's two messages arrive in order, so only the order of senders
// varies: 6!/(2!2!2!) = 90 schedules, not the 720 orders of six messages.
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const buf = mem.alloc(4);
if (rank === 0) {
  const last = [0, 0, 0, 0];
  for (let i = 0; i < 6; i++) {
    const st = MPI.Recv(buf, 1, MPI.INT, MPI.ANY_SOURCE, 0, comm);
    const n = mem.read(buf, MPI.INT, 1)[0];
    if (n !== last[st.MPI_SOURCE] + 1) throw new Error(`message ${n} from rank ${st.MPI_SOURCE} overtook one`);
    last[st.MPI_SOURCE] = n;
  }
} else {
  for (let n = 1; n <= 2; n++) {
    mem.write(buf, MPI.INT, [n]);
    MPI.Send(buf, 1, MPI.INT, 0, 0, comm);
  }
}
