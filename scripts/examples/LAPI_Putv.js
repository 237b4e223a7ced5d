// mpish: -n 2
// Strided vectors: LAPI_Putv writes task 0's row into column 2 of task 1's 4x4 matrix; LAPI_Getv then reads
// the matrix's diagonal. Both vector descriptions live at the origin; the target one holds target addresses.
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID);
const N = 4, INT = 4;
const m = mem.alloc(N * N * INT);
for (let r = 0; r < N; r++) mem.write(m + r * N * INT, MPI.INT, [10 * r, 10 * r + 1, 10 * r + 2, 10 * r + 3]);
const ms = LAPI.Address_init(h, m);
const strided = (base, block, stride, n) => ({vec_type: LAPI.GEN_STRIDED_XFER, num_vecs: n, info: [base, block, stride]});
if (me === 0) {
  const row = mem.alloc(N * INT), diag = mem.alloc(N * INT), org = mem.alloc(8), cmpl = mem.alloc(8);
  mem.write(row, MPI.INT, [-1, -2, -3, -4]);
  LAPI.Putv(h, 1, strided(ms[1] + 2 * INT, INT, N * INT, N), strided(row, INT, INT, N), null, org, cmpl);
  LAPI.Waitcntr(h, cmpl, 1);     // the column is written
  LAPI.Getv(h, 1, strided(ms[1], INT, (N + 1) * INT, N), strided(diag, INT, INT, N), null, org);
  LAPI.Waitcntr(h, org, 2);      // once for the put (row reusable), once for the get (diagonal arrived)
  print('diagonal of task 1:', mem.read(diag, MPI.INT, N));
}
LAPI.Gfence(h);
