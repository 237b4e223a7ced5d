/**
 * Collective communication (MPI_Bcast, MPI_Reduce, MPI_Allgather, ... and their nonblocking forms): empty until
 * the collectives issue fills it. Like every area, its engine classes go below and its {@code *Calls}
 * declarations on top; the rendezvous that every collective uses is {@code Comm.exchange} (area comm).
 */
package org.mpish.runtime.mpi.coll;
