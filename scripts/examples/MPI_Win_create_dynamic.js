// A dynamic window: memory is attached after creation and targeted by absolute address,
// which the target first has to tell the origin (here with a broadcast through the window itself).
const rank = MPI.Comm_rank(MPI.COMM_WORLD);
const win = MPI.Win_create_dynamic(MPI.INFO_NULL, MPI.COMM_WORLD);
const region = mem.alloc(16);
MPI.Win_attach(win, region, 16);
const addrs = MPI.Win_allocate(8, 8, MPI.INFO_NULL, MPI.COMM_WORLD);   // to publish the address
mem.write(addrs.baseptr, MPI.LONG, [region]);
MPI.Win_fence(0, addrs.win);
const where = mem.alloc(8);
MPI.Get(where, 1, MPI.LONG, 1 - rank, 0, 1, MPI.LONG, addrs.win);
MPI.Win_fence(0, addrs.win);
const peerRegion = mem.read(where, MPI.LONG, 1)[0];
const buf = mem.alloc(4);
mem.write(buf, MPI.INT, [rank + 7]);
MPI.Win_fence(0, win);
MPI.Put(buf, 1, MPI.INT, 1 - rank, peerRegion + 8, 1, MPI.INT, win);   // target_disp is an address
MPI.Win_fence(0, win);
print(`rank ${rank}: int at byte 8 of the attached region is ${mem.read(region + 8, MPI.INT, 1)[0]}`);
MPI.Win_detach(win, region);
MPI.Win_free(addrs.win);
MPI.Win_free(win);
