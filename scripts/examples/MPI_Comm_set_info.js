// mpish: -n 2
// Communicator hints: promise that no receive on a duplicate uses MPI_ANY_SOURCE, then read back
// the hints mpish keeps. A key mpish does not know is dropped.
const comm = MPI.Comm_dup(MPI.COMM_WORLD);
const info = MPI.Info_create();
MPI.Info_set(info, 'mpi_assert_no_any_source', 'true');
MPI.Info_set(info, 'my_library_hint', '42');
MPI.Comm_set_info(comm, info);
MPI.Info_free(info);
const used = MPI.Comm_get_info(comm);
if (MPI.Comm_rank(comm) === 0) {
  const n = MPI.Info_get_nkeys(used);
  for (let i = 0; i < n; i++) {
    const key = MPI.Info_get_nthkey(used, i);
    print(`${key} = ${MPI.Info_get_string(used, key, 16).value}`);
  }
  print(`my_library_hint kept: ${MPI.Info_get_string(used, 'my_library_hint', 16).flag}`);
}
MPI.Info_free(used);
MPI.Comm_free(comm);
