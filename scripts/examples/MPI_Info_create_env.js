// mpish: -n 3
// How the job was started: MPI_INFO_ENV, and a copy with the program's own command and arguments.
const env = MPI.Info_create_env(3, ['solver', '--size', '64']);
if (MPI.Comm_rank(MPI.COMM_WORLD) === 0) {
  for (const key of ['command', 'argv', 'maxprocs', 'thread_level']) {
    print(`${key} = ${MPI.Info_get_string(env, key, 256).value}`);
  }
  const {flag} = MPI.Info_get_string(MPI.INFO_ENV, 'command', 256);
  print(`MPI_INFO_ENV has ${MPI.Info_get_nkeys(MPI.INFO_ENV)} keys; a command: ${flag}`);
}
MPI.Info_free(env);
