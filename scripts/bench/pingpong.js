// mpish: -n 2
// Script-level ping-pong: MPI.Send / MPI.Recv of 8 bytes between ranks 0 and 1, timed with MPI.Wtime in a hot
// loop. Prints the half round trip (the counterpart of mpi4py's comm.Send/Recv figure). Argument: iterations.
const N = args.length > 0 ? Number(args[0]) : 200000;
const comm = MPI.COMM_WORLD;
const me = MPI.Comm_rank(comm), peer = 1 - me;
const buf = mem.alloc(8);

function pingpong(n) {
  for (let i = 0; i < n; i++) {
    if (me === 0) {
      MPI.Send(buf, 8, MPI.BYTE, peer, 1, comm);
      MPI.Recv(buf, 8, MPI.BYTE, peer, 1, comm);
    } else {
      MPI.Recv(buf, 8, MPI.BYTE, peer, 1, comm);
      MPI.Send(buf, 8, MPI.BYTE, peer, 1, comm);
    }
  }
}

pingpong(Math.max(10, N / 10));                      // warm-up (and, under MPISH_JIT=1, compilation)
MPI.Barrier(comm);
mem.write(buf, MPI.LONG, [me === 0 ? 42 : 0]);
const t0 = MPI.Wtime();
pingpong(N);
const t = MPI.Wtime() - t0;
const got = mem.read(buf, MPI.LONG, 1)[0];
if (got !== 42) throw new Error(`rank ${me}: the message carried ${got}, not 42`);
if (me === 0) print(`RESULT py.upper_Send_Recv.lat_8B_numpy ${(t / (2 * N) * 1e6).toPrecision(4)} us`);
