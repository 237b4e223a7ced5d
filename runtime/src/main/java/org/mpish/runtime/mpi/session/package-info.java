/**
 * The sessions model (MPI-4.1 section 11.3): sessions, process sets, and groups and communicators made from
 * them without MPI_COMM_WORLD. Declarations {@code SessionCalls}; engine {@code Session}, {@code Psets}.
 */
package org.mpish.runtime.mpi.session;
