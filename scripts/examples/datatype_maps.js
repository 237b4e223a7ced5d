// mpish: -n 1
// Datatype maps: which ints of an array 0, 1, 2, ... each constructor picks, in type-map order (MPI_Pack packs
// them in that order), with bounds, true bounds and the envelope MPI_Type_get_contents gives back.
const ints = mem.alloc(4 * 64);
mem.write(ints, MPI.INT, Array.from({length: 64}, (_, i) => i));
const packed = mem.alloc(4 * 64);
function show(name, t) {
  MPI.Type_commit(t);
  const n = MPI.Pack(ints, 1, t, packed, 256, 0, MPI.COMM_SELF) / 4;
  const {lb, extent} = MPI.Type_get_extent(t);
  const {true_lb, true_extent} = MPI.Type_get_true_extent(t);
  print(`${name}: ints [${mem.read(packed, MPI.INT, n).join(' ')}], lb ${lb} extent ${extent}, true lb ${true_lb} true extent ${true_extent}`);
  const {num_integers, num_addresses, num_datatypes, combiner} = MPI.Type_get_envelope(t);
  const {array_of_integers, array_of_addresses, array_of_datatypes} =
      MPI.Type_get_contents(t, num_integers, num_addresses, num_datatypes);
  print(`  combiner ${combiner}, integers [${array_of_integers.join(' ')}], addresses [${array_of_addresses.join(' ')}]`);
  for (const d of array_of_datatypes) {
    if (MPI.Type_get_envelope(d).combiner !== MPI.COMBINER_NAMED) MPI.Type_free(d); // derived ones are ours to free
  }
  MPI.Type_free(t);
}
show('hindexed([1 2], [0 16] bytes)', MPI.Type_create_hindexed(2, [1, 2], [0, 16], MPI.INT));
show('indexed_block(2, [0 3 7])', MPI.Type_create_indexed_block(3, 2, [0, 3, 7], MPI.INT));
show('hindexed_block(1, [0 24] bytes)', MPI.Type_create_hindexed_block(2, 1, [0, 24], MPI.INT));
// a 6x5 C array on a 2x2 process grid: rows in blocks, columns cyclic in pairs; each rank's part
for (let r = 0; r < 4; r++) {
  show(`darray rank ${r}`, MPI.Type_create_darray(4, r, 2, [6, 5], [MPI.DISTRIBUTE_BLOCK, MPI.DISTRIBUTE_CYCLIC],
      [MPI.DISTRIBUTE_DFLT_DARG, 2], [2, 2], MPI.ORDER_C, MPI.INT));
}
const pair = MPI.Type_contiguous(2, MPI.DOUBLE);
print(`name of a new type: '${MPI.Type_get_name(pair).type_name}'; of MPI.INT: '${MPI.Type_get_name(MPI.INT).type_name}'`);
MPI.Type_set_name(pair, 'point');
print(`after MPI_Type_set_name: '${MPI.Type_get_name(pair).type_name}'`);
print(`an 8-byte integer type: ${MPI.Type_get_name(MPI.Type_match_size(MPI.TYPECLASS_INTEGER, 8)).type_name}`);
// the large-count form: 3e9 bytes describe no memory, so the type can be made and measured
const big = MPI.Type_contiguous_c(3000000000, MPI.BYTE);
print(`contiguous_c(3000000000, BYTE): Type_size_c ${MPI.Type_size_c(big)}, Type_size ${MPI.Type_size(big)} (MPI_UNDEFINED)`);
