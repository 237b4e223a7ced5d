// mpish: -n 1
// mpish-compare: differs /MPI_INFO_ENV names: \w+/ MPICH 4.0.2's MPI_INFO_ENV is empty (the standard lets it leave out any key); Open MPI's host key names the node, as mpish's does
// mpish-compare: differs /library: .*/ each library's own name
// The node a rank runs on (node0 without --nodes) and the library; MPI_INFO_ENV names the same node.
const {name, resultlen} = MPI.Get_processor_name();
print(`resultlen is the length of the name: ${resultlen === name.length}`);
print(`shorter than MPI_MAX_PROCESSOR_NAME: ${resultlen < MPI.MAX_PROCESSOR_NAME}`);
print(`the host MPI_INFO_ENV names: ${name === MPI.Info_get_string(MPI.INFO_ENV, 'host', 256).value}`);
const {version} = MPI.Get_library_version();
print(`library: ${version.split(':')[0]}`);
