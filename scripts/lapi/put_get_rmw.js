// mpish: -n 4
// A tour of LAPI's one-sided calls and of which counter moves when.
//   org_cntr  (origin) the origin buffer may be reused        (Put: at once; Get: the data has arrived)
//   tgt_cntr  (target) the target side is done                (Put: data landed; Get: buffer no longer read)
//   cmpl_cntr (origin) the origin learns the target is done   (Put only)
const h = LAPI.Init();
const me = LAPI.Qenv(h, LAPI.TASK_ID), n = LAPI.Qenv(h, LAPI.NUM_TASKS);
const say = (...a) => { if (me === 0) print(...a); };

// Every task owns a table with one int slot per task, a ticket counter and a target counter.
const table = mem.alloc(4 * n), ticket = mem.alloc(4), arrived = mem.alloc(8);
const tables = LAPI.Address_init(h, table);
const tickets = LAPI.Address_init(h, ticket);
const arriveds = LAPI.Address_init(h, arrived);
const org = mem.alloc(8), cmpl = mem.alloc(8);

// 1. Put: every task writes its number, squared, into its slot of task 0's table.
const mine = mem.alloc(4);
mem.write(mine, MPI.INT, [me * me]);
LAPI.Put(h, 0, 4, tables[0] + 4 * me, mine, arriveds[0], org, cmpl);
LAPI.Waitcntr(h, org, 1);        // `mine` may be reused now: the data was copied out
LAPI.Waitcntr(h, cmpl, 1);       // and now it is in task 0's table
if (me === 0) {
  LAPI.Waitcntr(h, arrived, n);  // n puts landed here: Waitcntr subtracts n, leaving 0
  say('1. table of task 0 after the puts:', mem.read(table, MPI.INT, n));
}
LAPI.Gfence(h);

// 2. Get: every task reads task 0's table; there is no completion counter for a get.
const copy = mem.alloc(4 * n);
LAPI.Get(h, 0, 4 * n, tables[0], copy, null, org);
LAPI.Waitcntr(h, org, 1);        // for a get, org_cntr means: the data has arrived here
const sum = mem.read(copy, MPI.INT, n).reduce((a, b) => a + b, 0);
LAPI.Gfence(h);
say('2. every task read the table back; task 0 sums it to', sum);

// 3. Read-modify-write: FETCH_AND_ADD hands out distinct tickets, atomically across tasks.
const one = mem.alloc(4), prev = mem.alloc(4);
mem.write(one, MPI.INT, [1]);
LAPI.Rmw(h, LAPI.FETCH_AND_ADD, 0, tickets[0], one, prev, org);
LAPI.Waitcntr(h, org, 1);        // prev_tgt_val has been written
const myTicket = mem.read(prev, MPI.INT, 1)[0];
LAPI.Put(h, 0, 4, tables[0] + 4 * me, prev, null, org, cmpl);
LAPI.Waitcntr(h, cmpl, 1);
LAPI.Gfence(h);
if (me === 0) {
  const got = mem.read(table, MPI.INT, n).sort();
  say('3. tickets handed out:', got, '- the next ticket is', mem.read(ticket, MPI.INT, 1)[0]);
}
LAPI.Gfence(h);

// 4. COMPARE_AND_SWAP reports success (1) or failure (0) in prev_tgt_val, not the old value.
const winners = mem.alloc(4);
const winnerss = LAPI.Address_init(h, winners);
const cas = mem.alloc(8);
mem.write(cas, MPI.INT, [n, 100 + me]);   // if the ticket counter still holds n, make it 100 + me
LAPI.Rmw(h, LAPI.COMPARE_AND_SWAP, 0, tickets[0], cas, prev, org);
LAPI.Waitcntr(h, org, 1);
LAPI.Rmw(h, LAPI.FETCH_AND_ADD, 0, winnerss[0], prev, null, org);  // add my 0 or 1 to task 0's tally
LAPI.Waitcntr(h, org, 1);
LAPI.Gfence(h);
if (me === 0) {
  say('4. compare-and-swap: ' + mem.read(winners, MPI.INT, 1)[0] + ' winner; the ticket counter is now 100 + the winner:',
      mem.read(ticket, MPI.INT, 1)[0] - 100 < n);
}
LAPI.Term(h);
