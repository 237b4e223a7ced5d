/**
 * Partitioned point-to-point communication (MPI-4.1 chapter 4): MPI_Psend_init / MPI_Precv_init make a pair of
 * persistent requests that move one message in partitions, each marked ready on the sending side
 * (MPI_Pready, _range, _list) and seen on the receiving side (MPI_Parrived). Declarations {@code PartCalls};
 * engine {@code Channel}, {@code PartRequest}.
 */
package org.mpish.runtime.mpi.part;
