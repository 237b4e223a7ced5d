/* The C side of FfmBench: the same calls in the same loops, on one process (a singleton MPI), so that
 * FfmBench's figure minus this one is what FFM and mpish's conversions add per call.
 * Build and run: mpicc.openmpi -O2 -o /tmp/ffm_cost native/ffm_cost.c && /tmp/ffm_cost  (the same with mpicc.mpich) */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    const int n = 2000000;
    int rank = 0;
    char a[8] = {0}, b[8];
    double t0 = now();
    for (int i = 0; i < n; i++) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("RESULT ffm.c.comm_rank %.1f ns\n", (now() - t0) / n);
    MPI_Request q;
    t0 = now();
    for (int i = 0; i < n / 10; i++) {
        MPI_Isend(a, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &q);
        MPI_Recv(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
    }
    printf("RESULT ffm.c.self_isend_recv_wait_8B %.1f ns\n", (now() - t0) / (n / 10));
    void *base;
    MPI_Win win;
    MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_lock_all(0, win);
    t0 = now();
    for (int i = 0; i < n / 10; i++) {
        MPI_Put(a, 8, MPI_BYTE, 0, 0, 8, MPI_BYTE, win);
        MPI_Win_flush(0, win);
    }
    printf("RESULT ffm.c.put_flush_8B %.1f ns\n", (now() - t0) / (n / 10));
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
