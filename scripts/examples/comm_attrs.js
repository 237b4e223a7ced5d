// mpish: -n 2
// Communicator attributes: a keyval whose copy callback counts duplications, attributes copied by
// MPI_Comm_dup, MPI_Comm_idup and MPI_Comm_dup_with_info, deleted by MPI_Comm_delete_attr and MPI_Comm_free.
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const say = (text) => { if (rank === 0) print(text); };

const copy = (oldcomm, keyval, extra, value) => ({generation: value.generation + 1});
const del = (comm, keyval, value, extra) => say(`delete generation ${value.generation} from ${comm}`);
let kv = MPI.Comm_create_keyval(copy, del, null);

MPI.Comm_set_attr(MPI.COMM_WORLD, kv, {generation: 0});
const a = MPI.Comm_dup(MPI.COMM_WORLD);
const {newcomm: b, request} = MPI.Comm_idup(a);
say(`MPI_Comm_idup gave ${request}`);
MPI.Wait(request); // b is usable only once the duplication completes (MPICH fails an early use)
const c = MPI.Comm_dup_with_info(b, MPI.INFO_NULL);
for (const comm of [a, b, c]) {
  const {flag, attribute_val} = MPI.Comm_get_attr(comm, kv);
  say(`${comm}: flag ${flag}, generation ${attribute_val.generation}`);
}

MPI.Comm_delete_attr(b, kv);
say(`after delete_attr on ${b}: flag ${MPI.Comm_get_attr(b, kv).flag}`);
for (const comm of [a, b, c]) MPI.Comm_free(comm);
MPI.Comm_delete_attr(MPI.COMM_WORLD, kv);
kv = MPI.Comm_free_keyval(kv);
say(`keyval is now ${kv}`);
