package org.mpish.runtime.mpi.env;

import static org.mpish.runtime.catalog.PType.AINT;
import static org.mpish.runtime.catalog.PType.INFO;

import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/** Memory and addresses: MPI_Alloc_mem / MPI_Free_mem, MPI_Get_address and address arithmetic. */
public final class MemCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Alloc_mem", "memory", "allocate memory in the rank's address space, for windows and buffers")
                .in("size", AINT).in("info", INFO).out("baseptr", PType.BUFFER, "void *baseptr")
                .impl((r, a) -> {
                    long size = a.l(0);
                    if (a.handle(1).isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info: " + a.handle(1).name() + " has been freed");
                    if (size < 0) throw new MpiException(ErrorClass.MPI_ERR_SIZE, "size is negative (" + size + ")");
                    try {
                        return r.memory().alloc(size);
                    } catch (MemoryFault f) {
                        throw new MpiException(ErrorClass.MPI_ERR_NO_MEM, f.getMessage());
                    }
                });
        b.call("MPI_Free_mem", "memory", "free memory that MPI_Alloc_mem allocated")
                .in("base", PType.BUFFER, "void *base")
                .impl((r, a) -> {
                    try {
                        r.memory().free(a.l(0));
                    } catch (MemoryFault f) {
                        throw new MpiException(ErrorClass.MPI_ERR_BASE, f.getMessage());
                    }
                    return null;
                });
        b.call("MPI_Get_address", "memory", "the address of a location, as an MPI_Aint")
                .in("location", PType.BUFFER, "const void *location").out("address", AINT)
                .impl((r, a) -> a.l(0));
        b.call("MPI_Aint_add", "memory", "an address plus a displacement")
                .in("base", AINT).in("disp", AINT).returns("MPI_Aint")
                .impl((r, a) -> a.l(0) + a.l(1));
        b.call("MPI_Aint_diff", "memory", "the difference between two addresses")
                .in("addr1", AINT).in("addr2", AINT).returns("MPI_Aint")
                .impl((r, a) -> a.l(0) - a.l(1));
    }
}
