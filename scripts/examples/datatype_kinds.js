// mpish: -n 2
// MPI_Type_get_value_index finds the pair type MPI_MINLOC / MPI_MAXLOC need; MPI_Type_create_f90_real and
// _integer give the type of the smallest Fortran kind with enough digits (MPI_UNDEFINED: no demand on that side).
const me = MPI.Comm_rank(MPI.COMM_WORLD);
const pair = MPI.Type_get_value_index(MPI.DOUBLE, MPI.INT);
const none = MPI.Type_get_value_index(MPI.DOUBLE, MPI.LONG);
if (me === 0) {
  print(`double + int: ${MPI.Type_get_name(pair).type_name}; double + long: ${none === MPI.DATATYPE_NULL ? 'MPI_DATATYPE_NULL' : none}`);
}
// the largest value and the rank that holds it
const val = me === 1 ? 2.5 : -1;
const inout = mem.alloc(16), res = mem.alloc(16);
mem.write(inout, MPI.DOUBLE, [val]);
mem.write(inout + 8, MPI.INT, [me]);
MPI.Allreduce(inout, res, 1, pair, MPI.MAXLOC, MPI.COMM_WORLD);
if (me === 0) print(`MAXLOC: ${mem.read(res, MPI.DOUBLE, 1)[0]} on rank ${mem.read(res + 8, MPI.INT, 1)[0]}`);
if (me === 0) {
  for (const [p, r] of [[6, MPI.UNDEFINED], [7, MPI.UNDEFINED], [MPI.UNDEFINED, 300], [15, 307]]) {
    const t = MPI.Type_create_f90_real(p, r);
    const {num_integers, combiner} = MPI.Type_get_envelope(t);
    const {array_of_integers} = MPI.Type_get_contents(t, num_integers, 0, 0);
    print(`f90_real(${p}, ${r}): ${MPI.Type_size(t)} bytes, combiner ${combiner}, contents [${array_of_integers.join(' ')}]`);
  }
  for (const r of [2, 4, 9, 18]) print(`f90_integer(${r}): ${MPI.Type_size(MPI.Type_create_f90_integer(r))} bytes`);
  print(`same arguments, same handle: ${MPI.Type_create_f90_integer(9) === MPI.Type_create_f90_integer(9)}`);
  MPI.Comm_set_errhandler(MPI.COMM_SELF, MPI.ERRORS_RETURN);
  try {
    MPI.Type_create_f90_real(16, MPI.UNDEFINED);
  } catch (e) {
    print(`f90_real(16, MPI_UNDEFINED): ${e.message}`);
  }
}
