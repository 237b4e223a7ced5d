// mpish: -n 2
// mpish-compare: differs /MPI_LONG takes \d+ bytes/ Open MPI 4.1.4 packs MPI_LONG in 8 bytes in external32, where the standard's table of external32 sizes gives 4 (MPICH agrees with mpish)
// MPI_Pack into a buffer sent as MPI_PACKED, and the same data in the portable "external32" form (big-endian).
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const buf = mem.alloc(64), data = mem.alloc(16);
if (rank === 0) {
  mem.write(data, MPI.INT, [1, -2]);
  mem.write(data + 8, MPI.DOUBLE, [2.5]);
  let pos = MPI.Pack(data, 2, MPI.INT, buf, 64, 0, MPI.COMM_WORLD);
  pos = MPI.Pack(data + 8, 1, MPI.DOUBLE, buf, 64, pos, MPI.COMM_WORLD);
  const ext = mem.alloc(16);
  const n = MPI.Pack_external('external32', data, 2, MPI.INT, ext, 16, 0);
  const hex = mem.read(ext, MPI.UNSIGNED_CHAR, n).map(b => b.toString(16).padStart(2, '0')).join(' ');
  print(`external32 of 1, -2 (MPI_INT): ${hex}; MPI_LONG takes ${MPI.Pack_external_size('external32', 1, MPI.LONG)} bytes there`);
  MPI.Send(buf, pos, MPI.PACKED, 1, 0, MPI.COMM_WORLD); // after the print: rank 1 prints second
} else {
  const st = MPI.Recv(buf, 64, MPI.PACKED, 0, 0, MPI.COMM_WORLD);
  const got = MPI.Get_count(st, MPI.PACKED);
  let pos = MPI.Unpack(buf, got, 0, data, 2, MPI.INT, MPI.COMM_WORLD);
  pos = MPI.Unpack(buf, got, pos, data + 8, 1, MPI.DOUBLE, MPI.COMM_WORLD);
  print(`unpacked ${mem.read(data, MPI.INT, 2).join(' ')} and ${mem.read(data + 8, MPI.DOUBLE, 1)} from ${got} packed bytes`);
}
