// mpish: -n 1
const buf = MPI.Alloc_mem(64, MPI.INFO_NULL);
const third = MPI.Aint_add(MPI.Get_address(buf), 16);
mem.write(third, MPI.INT, [7]);
print(MPI.Aint_diff(third, buf), mem.read(buf + 16, MPI.INT, 1));
MPI.Free_mem(buf);
