/* The C twin of NativeMpiIT.dynamicWindowsReachAttachedMemoryByRankAddress: its output on each MPI is what the
   script must print there (a dynamic window: fence Put and Get, a locked Fetch_and_op, detach, free). */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank;
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    int region[4], got = -1, one = rank + 7;
    for (int i = 0; i < 4; i++) region[i] = 100 * rank + i;
    MPI_Win_attach(win, region, sizeof region);
    MPI_Aint mine, addrs[2];
    MPI_Get_address(region, &mine);
    MPI_Allgather(&mine, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    MPI_Win_fence(0, win);
    MPI_Put(&one, 1, MPI_INT, peer, MPI_Aint_add(addrs[peer], 8), 1, MPI_INT, win);
    MPI_Get(&got, 1, MPI_INT, peer, MPI_Aint_add(addrs[peer], 4), 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    printf("[%d] fence: region %d,%d,%d,%d got %d\n", rank, region[0], region[1], region[2], region[3], got);
    MPI_Barrier(MPI_COMM_WORLD);
    int five = 5, old = -1;
    MPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win);
    MPI_Fetch_and_op(&five, &old, MPI_INT, peer, MPI_Aint_add(addrs[peer], 12), MPI_SUM, win);
    MPI_Win_unlock(peer, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win); /* a local read of window memory, in an epoch */
    int last = region[3];
    MPI_Win_unlock(rank, win);
    printf("[%d] lock: old %d now %d\n", rank, old, last);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_detach(win, region);
    MPI_Win_free(&win);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_free(&win);
    printf("[%d] freed %s\n", rank, win == MPI_WIN_NULL ? "true" : "false");
    MPI_Finalize();
    return 0;
}
