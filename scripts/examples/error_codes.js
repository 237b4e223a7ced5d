// mpish: -n 1
// User error classes, codes and strings, and how MPI_LASTUSEDCODE follows them.
const last = () => MPI.Comm_get_attr(MPI.COMM_WORLD, MPI.LASTUSEDCODE).attribute_val;
print(`MPI_ERR_LASTCODE ${MPI.ERR_LASTCODE}, MPI_LASTUSEDCODE ${last()}`);

const cls = MPI.Add_error_class();
const code = MPI.Add_error_code(cls);
MPI.Add_error_string(cls, 'the simulation diverged');
MPI.Add_error_string(code, 'the simulation diverged: time step too large');
print(`class ${cls}, code ${code}, MPI_LASTUSEDCODE ${last()}`);
print(`MPI_Error_class(code) = ${MPI.Error_class(code)}`);
print(`MPI_Error_string(code) = "${MPI.Error_string(code).string}"`);

// MPI 4.1: remove in reverse order - the string, then the code, then the class
MPI.Remove_error_string(code);
MPI.Remove_error_code(code);
MPI.Remove_error_string(cls);
MPI.Remove_error_class(cls);
print(`after removal MPI_LASTUSEDCODE ${last()}`);
