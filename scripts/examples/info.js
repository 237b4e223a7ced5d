// mpish: -n 1
// Info objects: string hints passed to constructors such as MPI_Win_create.
const info = MPI.Info_create();
MPI.Info_set(info, 'no_locks', 'true');
MPI.Info_set(info, 'accumulate_ordering', 'none');
const n = MPI.Info_get_nkeys(info);
for (let i = 0; i < n; i++) {
  const key = MPI.Info_get_nthkey(info, i);
  const {value} = MPI.Info_get_string(info, key, 256);
  print(`${key} = ${value}`);
}
const copy = MPI.Info_dup(info);
MPI.Info_delete(copy, 'no_locks');
print(`the copy has ${MPI.Info_get_nkeys(copy)} key; looking up no_locks: flag ${MPI.Info_get_string(copy, 'no_locks', 256).flag}`);
MPI.Info_free(copy);
MPI.Info_free(info);
