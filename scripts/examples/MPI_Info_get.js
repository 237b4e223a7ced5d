// mpish: -n 1
// The MPI-1 style of reading an info value (deprecated since MPI 4.0): ask for the length, then
// the value. MPI_Info_get cuts the value to valuelen characters.
const info = MPI.Info_create();
MPI.Info_set(info, 'accumulate_ordering', 'rar,war');
const {valuelen, flag} = MPI.Info_get_valuelen(info, 'accumulate_ordering');
print(`present: ${flag}, ${valuelen} characters`);
print(`whole: ${MPI.Info_get(info, 'accumulate_ordering', valuelen).value}`);
print(`cut to 3: ${MPI.Info_get(info, 'accumulate_ordering', 3).value}`);
print(`a missing key: flag ${MPI.Info_get(info, 'no_locks', 10).flag}`);
MPI.Info_free(info);
