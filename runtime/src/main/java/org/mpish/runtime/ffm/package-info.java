/**
 * The native engine: the catalogue's MPI calls run on a real MPI library (Open MPI or MPICH) through
 * {@code java.lang.foreign}. {@link org.mpish.runtime.ffm.Probe} learns the library's ABI (constant values, handle
 * size, where predefined handles live) from a small C program built with that implementation's own mpicc;
 * {@link org.mpish.runtime.ffm.NativeEngine} derives each call's downcall from its declared C prototype.
 * Outside the layers of the area engines: it reads declarations, as the catalogue framework does.
 */
package org.mpish.runtime.ffm;
