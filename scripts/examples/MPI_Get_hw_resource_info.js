// mpish: -n 1
// Hardware information: a new info object, which the caller frees. mpish knows no hardware beyond the
// one host every rank shares, so the object is empty (as Open MPI's is).
const hw = MPI.Get_hw_resource_info();
print(`keys: ${MPI.Info_get_nkeys(hw)}`);
MPI.Info_free(hw);
