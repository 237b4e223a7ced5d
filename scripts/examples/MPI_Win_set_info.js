// Read a window's hints, then promise that no rank will ever lock it.
const { win } = MPI.Win_allocate(8, 8, MPI.INFO_NULL, MPI.COMM_WORLD);
let used = MPI.Win_get_info(win);
const n = MPI.Info_get_nkeys(used);
for (let i = 0; i < n; i++) {
  const key = MPI.Info_get_nthkey(used, i);
  if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) print(`${key} = ${MPI.Info_get_string(used, key, 256).value}`);
}
MPI.Info_free(used);
const hints = MPI.Info_create();
MPI.Info_set(hints, "no_locks", "true");
MPI.Win_set_info(win, hints);                 // collective
MPI.Info_free(hints);
used = MPI.Win_get_info(win);
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) print(`now no_locks = ${MPI.Info_get_string(used, "no_locks", 256).value}`);
MPI.Info_free(used);
MPI.Win_free(win);
