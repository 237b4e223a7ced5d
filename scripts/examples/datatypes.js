// mpish: -n 2
// Derived datatypes: sizes and extents, and a column of a matrix broadcast with MPI_Bcast.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const show = (name, t) => {
  const {lb, extent} = MPI.Type_get_extent(t);
  if (rank === 0) print(`${name}: size ${MPI.Type_size(t)}, lb ${lb}, extent ${extent}`);
};
show('contiguous(4, INT)', MPI.Type_contiguous(4, MPI.INT));
show('vector(3, 1, 4, INT)', MPI.Type_vector(3, 1, 4, MPI.INT));
show('hvector(2, 1, 32, DOUBLE)', MPI.Type_create_hvector(2, 1, 32, MPI.DOUBLE));
show('indexed([2, 1], [0, 5], INT)', MPI.Type_indexed(2, [2, 1], [0, 5], MPI.INT));
show('struct(INT at 0, DOUBLE at 8)', MPI.Type_create_struct(2, [1, 1], [0, 8], [MPI.INT, MPI.DOUBLE]));
show('resized(INT, 0, 16)', MPI.Type_create_resized(MPI.INT, 0, 16));
show('subarray 2x2 of 4x4 at (1,1)', MPI.Type_create_subarray(2, [4, 4], [2, 2], [1, 1], MPI.ORDER_C, MPI.INT));

// column 1 of a 3x4 row-major matrix of ints
const column = MPI.Type_commit(MPI.Type_vector(3, 1, 4, MPI.INT));
const matrix = mem.alloc(48);
if (rank === 0) mem.write(matrix, MPI.INT, [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);
MPI.Bcast(matrix + 4, 1, column, 0, MPI.COMM_WORLD);
if (rank === 1) print(`rank 1 got the matrix ${mem.read(matrix, MPI.INT, 12).join(' ')}`);
MPI.Type_free(column);
