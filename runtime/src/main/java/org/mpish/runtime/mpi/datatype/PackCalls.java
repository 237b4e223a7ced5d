package org.mpish.runtime.mpi.datatype;

import static org.mpish.runtime.catalog.PType.BUFFER;
import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.DATATYPE;

import org.mpish.runtime.Memory;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/**
 * MPI_Pack and MPI_Unpack (MPI-4.1 section 5.2: mpish's packed form is the data bytes in type-map order, nothing
 * added, so MPI_Pack_size is exact) and their "external32" forms (section 5.2.3; the layout is {@link External32}).
 */
public final class PackCalls implements CallFamily {
    private static final PType DATAREP = PType.of(PType.Kind.STRING, "char");

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Pack", "datatypes", "copy data described by a datatype into a contiguous buffer, from a position on")
                .in("inbuf", BUFFER, "const void *inbuf").in("incount", PType.COUNT_INT).in("datatype", DATATYPE)
                .in("outbuf", BUFFER, "void *outbuf").in("outsize", PType.COUNT_INT).inout("position", PType.COUNT_INT_STRICT)
                .in("comm", COMM).errorsOn("comm")
                .impl((r, a) -> {
                    a.comm(6);
                    Datatype t = committed(a, 2);
                    long n = count(a, 1), pos = position(a, 5, a.l(4));
                    t.checkBuffer(r.memory(), a.l(0), n);
                    long len = Math.multiplyExact(n, t.size());
                    if (t.isContiguous()) { // straight from memory to memory: any length (MPI_Pack_c past 2^31 bytes)
                        room(a, "outsize", a.l(4), pos, len, "pack");
                        Memory.copy(r.memory(), a.l(0), r.memory(), a.l(3) + pos, len);
                        return pos + len;
                    }
                    room(a, "outsize", a.l(4), pos, len, "pack");
                    if (len > 0) r.memory().segment(a.l(3) + pos, len); // the whole packed range must be memory
                    TypeCopy.Place m = TypeCopy.of(r.memory());
                    TypeCopy.copy(new TypeCopy.Side(m, a.l(0), t, n), new TypeCopy.Side(m, a.l(3) + pos, null, len), len);
                    return pos + len;
                });
        b.call("MPI_Unpack", "datatypes", "copy data from a contiguous packed buffer, from a position on, to where a datatype describes")
                .in("inbuf", BUFFER, "const void *inbuf").in("insize", PType.COUNT_INT).inout("position", PType.COUNT_INT_STRICT)
                .in("outbuf", BUFFER, "void *outbuf").in("outcount", PType.COUNT_INT).in("datatype", DATATYPE).in("comm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    a.comm(6);
                    Datatype t = committed(a, 5);
                    long n = count(a, 4), pos = position(a, 2, a.l(1));
                    t.checkBuffer(r.memory(), a.l(3), n);
                    long len = Math.multiplyExact(n, t.size());
                    room(a, "insize", a.l(1), pos, len, "unpack");
                    if (t.isContiguous()) {
                        Memory.copy(r.memory(), a.l(0) + pos, r.memory(), a.l(3), len);
                        return pos + len;
                    }
                    if (len > 0) r.memory().segment(a.l(0) + pos, len);
                    TypeCopy.Place m = TypeCopy.of(r.memory());
                    TypeCopy.copy(new TypeCopy.Side(m, a.l(0) + pos, null, len), new TypeCopy.Side(m, a.l(3), t, n), len);
                    return pos + len;
                });
        b.call("MPI_Pack_external", "datatypes", "pack data in the portable \"external32\" representation (big-endian)")
                .in("datarep", DATAREP, "const char datarep[]").in("inbuf", BUFFER, "const void *inbuf").in("incount", PType.COUNT_INT)
                .in("datatype", DATATYPE).in("outbuf", BUFFER, "void *outbuf").in("outsize", PType.AINT_COUNT)
                .inout("position", PType.AINT_COUNT)
                .impl((r, a) -> {
                    External32.checkRep(a.str(0));
                    Datatype t = committed(a, 3);
                    long n = count(a, 2), pos = position(a, 6, a.l(5));
                    t.checkBuffer(r.memory(), a.l(1), n);
                    long len = External32.packSize(t, n);
                    room(a, "outsize", a.l(5), pos, len, "pack");
                    if (len == 0) return pos;
                    return pos + External32.pack(r.memory(), a.l(1), t, n, r.memory().segment(a.l(4) + pos, len), 0);
                });
        b.call("MPI_Unpack_external", "datatypes", "unpack data from the portable \"external32\" representation")
                .in("datarep", DATAREP, "const char datarep[]").in("inbuf", BUFFER, "const void *inbuf").in("insize", PType.AINT_COUNT)
                .inout("position", PType.AINT_COUNT).in("outbuf", BUFFER, "void *outbuf").in("outcount", PType.COUNT_INT)
                .in("datatype", DATATYPE)
                .impl((r, a) -> {
                    External32.checkRep(a.str(0));
                    Datatype t = committed(a, 6);
                    long n = count(a, 5), pos = position(a, 3, a.l(2));
                    t.checkBuffer(r.memory(), a.l(4), n);
                    long len = External32.packSize(t, n);
                    room(a, "insize", a.l(2), pos, len, "unpack");
                    if (len == 0) return pos;
                    return pos + External32.unpack(r.memory().segment(a.l(1) + pos, len), 0, r.memory(), a.l(4), t, n);
                });
        b.call("MPI_Pack_external_size", "datatypes", "the bytes MPI_Pack_external needs for some data")
                .in("datarep", DATAREP, "const char datarep[]").in("incount", PType.COUNT_INT).in("datatype", DATATYPE)
                .out("size", PType.AINT_COUNT)
                .impl((r, a) -> {
                    External32.checkRep(a.str(0));
                    return External32.packSize(a.type(2), count(a, 1));
                });
    }

    private static Datatype committed(Args a, int i) {
        Datatype t = a.type(i);
        if (!t.committed()) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " has not been committed (MPI_Type_commit)");
        return t;
    }

    private static long count(Args a, int i) {
        long n = a.l(i);
        if (n < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, a.call().inputs().get(i).name() + " = " + n + " is negative");
        return n;
    }

    private static long position(Args a, int i, long size) {
        long p = a.l(i);
        if (p < 0 || p > size) {
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "position = " + p + " is outside the packed buffer of " + size + " bytes");
        }
        return p;
    }

    private static void room(Args a, String what, long size, long pos, long len, String verb) {
        if (pos + len > size) {
            throw new MpiException(ErrorClass.MPI_ERR_TRUNCATE, "the data takes " + len + " bytes from position " + pos + ", past " + what
                    + " = " + size + ": " + a.call().name() + " cannot " + verb + " it");
        }
    }

}
