const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const size = MPI.Comm_size(MPI.COMM_WORLD);
print(`rank ${rank} of ${size}`);
