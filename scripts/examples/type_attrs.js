// mpish: -n 1
// mpish-compare: differs / from type\d+$/ both MPIs run the delete callback of a freed type only when its duplicate is freed too (they deallocate it then), so the order differs and the handle is named anew
// Datatype attributes: keys made with MPI_Type_create_keyval, cached on a derived type and on a
// predefined one, copied by MPI_Type_dup and deleted when each type is freed.
const del = (type, keyval, value, extra) => print(`delete "${value}" from ${type}`);
const kv = MPI.Type_create_keyval(MPI.TYPE_DUP_FN, del, null);

const pair = MPI.Type_commit(MPI.Type_contiguous(2, MPI.DOUBLE));
print(`${pair}: size ${MPI.Type_size(pair)}, extent ${MPI.Type_get_extent(pair).extent}`);
MPI.Type_set_attr(pair, kv, 'a point in the plane');
const copy = MPI.Type_dup(pair);
print(`copy: ${MPI.Type_get_attr(copy, kv).attribute_val}`);

MPI.Type_set_attr(MPI.INT, kv, 'predefined types cache attributes too');
print(`MPI_INT: ${MPI.Type_get_attr(MPI.INT, kv).attribute_val}`);
MPI.Type_delete_attr(MPI.INT, kv);

MPI.Type_free(pair);
MPI.Type_free(copy);
print(`key freed: ${MPI.Type_free_keyval(kv) === MPI.KEYVAL_INVALID}`);
