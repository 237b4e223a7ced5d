// mpish: -n 2
// Buffered mode in four steps: size a buffer with MPI_Pack_size and MPI_BSEND_OVERHEAD, attach it, send
// into it without waiting for the receiver, and see MPI_Buffer_detach wait until every message is received.
// (scripts/p2p/bsend-overflow.js shows what happens when the buffer is too small.)
const comm = MPI.COMM_WORLD;
const rank = MPI.Comm_rank(comm);
const n = 3, count = 10;                         // three messages of ten doubles

if (rank === 0) {
  // 1. Size: every pending message takes its packed size plus MPI_BSEND_OVERHEAD.
  const packed = MPI.Pack_size(count, MPI.DOUBLE, comm);
  const size = n * (packed + MPI.BSEND_OVERHEAD);
  print(`each message packs to ${packed} bytes; with MPI_BSEND_OVERHEAD (${MPI.BSEND_OVERHEAD}) ${n} need ${size}`);

  // 2. Attach: from now on this memory belongs to MPI.
  const space = mem.alloc(size);
  MPI.Buffer_attach(space, size);

  // 3. Send: MPI_Bsend copies the data into the buffer and returns at once, received or not.
  const data = mem.alloc(count * 8);
  for (let tag = 0; tag < n; tag++) {
    mem.write(data, MPI.DOUBLE, Array.from({length: count}, (_, i) => tag * 100 + i));
    MPI.Bsend(data, count, MPI.DOUBLE, 1, tag, comm);
  }
  print(`${n} buffered sends returned; rank 1 has not received anything yet`);
  const flush = MPI.Buffer_iflush();
  print(`is the buffer drained? ${MPI.Test(flush).flag}`);

  // 4. Detach: waits until rank 1 has received every message, then hands the memory back.
  MPI.Barrier(comm);                             // lets rank 1 start receiving
  const back = MPI.Buffer_detach();
  print(`MPI_Buffer_detach returned the same ${back.size} bytes at the same address: ${back.buffer_addr === space}`);
  print(`and now the flush is complete: ${MPI.Test(flush).flag}`);
} else {
  MPI.Barrier(comm);                             // nothing is received before rank 0 says so
  const got = mem.alloc(count * 8);
  for (let tag = n - 1; tag >= 0; tag--) {       // any order: the receiver picks by tag
    MPI.Recv(got, count, MPI.DOUBLE, 0, tag, comm);
  }
}
