/* The C side of FfmProbe: the same three loops on the same MPI, two processes under mpirun, so that FfmProbe's
 * figure minus this one is what the native engine (FFM and mpish's conversions) adds per call.
 *   comm_rank      MPI_Comm_rank at rank 0 (CPU time of the calling thread per call)
 *   pingpong_8B    MPI_Send / MPI_Recv of 8 bytes between ranks 0 and 1, half a round trip (wall time)
 *   self_8B        rank 0 alone: MPI_Isend of 8 bytes to itself + MPI_Recv + MPI_Wait (CPU time per triple; no peer,
 *                  so the figure does not depend on when the other process gets a core)
 *   put_flush_8B   rank 0, inside MPI_Win_lock_all: MPI_Put of 8 bytes to rank 1 + MPI_Win_flush (CPU time per pair)
 * Each is timed in REPS batches after a warm-up; printed: the median batch and the fastest, per operation.
 * Build and run (bench/run --mpi does it):
 *   mpicc.openmpi -O2 -o /tmp/ffm_cost native/ffm_cost.c && mpirun.openmpi -np 2 /tmp/ffm_cost openmpi */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPS 11

static double clock_ns(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static double wall(void) { return clock_ns(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static void report(const char *impl, const char *metric, double *v) {
    qsort(v, REPS, sizeof v[0], cmp);
    printf("RESULT ffm.c.%s.%s %.1f ns\n", impl, metric, v[REPS / 2]);
    printf("RESULT ffm.c.%s.%s.min %.1f ns\n", impl, metric, v[0]);
}

int main(int argc, char **argv) {
    const char *impl = argc > 1 ? argv[1] : "mpi";
    MPI_Init(&argc, &argv);
    int me, size, rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) { if (me == 0) fprintf(stderr, "ffm_cost: run it on 2 processes\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    double v[REPS];

    const int nr = 2000000;
    for (int r = -2; r < REPS; r++) {
        double t0 = cpu();
        for (int i = 0; i < nr; i++) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (r >= 0) v[r] = (cpu() - t0) / nr;
    }
    if (rank != me) MPI_Abort(MPI_COMM_WORLD, 3);
    if (me == 0) report(impl, "comm_rank", v);

    char a[8], b[8];
    memset(a, me + 1, 8);
    const int np = 20000;
    for (int r = -2; r < REPS; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = wall();
        for (int i = 0; i < np; i++) {
            if (me == 0) {
                MPI_Send(a, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(b, 8, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(b, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(a, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
        }
        if (r >= 0) v[r] = (wall() - t0) / (2.0 * np);
    }
    if (b[0] != 2 - me) MPI_Abort(MPI_COMM_WORLD, 4);
    if (me == 0) report(impl, "pingpong_8B", v);

    const int ns = 100000;
    if (me == 0) {
        MPI_Request q;
        for (int r = -2; r < REPS; r++) {
            double t0 = cpu();
            for (int i = 0; i < ns; i++) {
                MPI_Isend(a, 8, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &q);
                MPI_Recv(b, 8, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Wait(&q, MPI_STATUS_IGNORE);
            }
            if (r >= 0) v[r] = (cpu() - t0) / ns;
        }
        if (b[0] != 1) MPI_Abort(MPI_COMM_WORLD, 6);
        report(impl, "self_8B", v);
    }

    void *base;
    MPI_Win win;
    MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    memset(base, 0, 64);
    MPI_Barrier(MPI_COMM_WORLD);
    const int nput = 20000;
    if (me == 0) {
        MPI_Win_lock_all(0, win);
        for (int r = -2; r < REPS; r++) {
            double t0 = cpu();
            for (int i = 0; i < nput; i++) {
                MPI_Put(a, 8, MPI_BYTE, 1, 0, 8, MPI_BYTE, win);
                MPI_Win_flush(1, win);
            }
            if (r >= 0) v[r] = (cpu() - t0) / nput;
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) report(impl, "put_flush_8B", v);
    else {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        if (((char *)base)[7] != 1) MPI_Abort(MPI_COMM_WORLD, 5);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
