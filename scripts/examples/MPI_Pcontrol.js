// mpish: -n 1
// MPI_Pcontrol takes any level and returns at once; mpish has no profiler, and the shell's
// `trace env` shows each level as it is set.
MPI.Pcontrol(0);
print('work the profiler should not see');
MPI.Pcontrol(1);
print('work it should see');
