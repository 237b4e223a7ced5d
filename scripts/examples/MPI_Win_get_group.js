// The group of a window is that of its communicator: compare it with MPI_COMM_WORLD's.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const { win } = MPI.Win_allocate(0, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
const group = MPI.Win_get_group(win);
const same = MPI.Group_compare(group, MPI.Comm_group(MPI.COMM_WORLD)) === MPI.IDENT;
print(`rank ${rank}: window group is ${same ? "identical to" : "different from"} the world group, size ${MPI.Group_size(group)}`);
MPI.Group_free(group);
MPI.Win_free(win);
