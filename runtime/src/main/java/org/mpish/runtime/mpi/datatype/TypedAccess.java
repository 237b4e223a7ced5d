package org.mpish.runtime.mpi.datatype;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;

/** Reads and writes typed values in rank memory (for mem.read / mem.write and the shell's memory views). */
public final class TypedAccess {
    private TypedAccess() {}

    /** Reads {@code count} elements of a homogeneous datatype at {@code addr}: Long for integers, Double for floats. */
    public static Object[] read(Memory mem, long addr, Datatype t, int count) {
        BasicType b = requireBasic(t);
        byte[] packed = t.pack(mem, addr, count);
        MemorySegment s = MemorySegment.ofArray(packed);
        int n = (int) (packed.length / b.size());
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) out[i] = get(s, (long) i * b.size(), b);
        return out;
    }

    /** Writes the values (numbers) as elements of a homogeneous datatype at {@code addr}. */
    public static void write(Memory mem, long addr, Datatype t, List<?> values) {
        BasicType b = requireBasic(t);
        long perInstance = t.elements();
        long instances = perInstance == 0 ? 0 : (values.size() + perInstance - 1) / perInstance;
        byte[] packed = new byte[Math.toIntExact(instances * t.size())];
        MemorySegment s = MemorySegment.ofArray(packed);
        for (int i = 0; i < values.size(); i++) put(s, (long) i * b.size(), b, values.get(i));
        if (values.size() % Math.max(1, perInstance) != 0) {
            // a partial last instance: keep what memory already holds beyond the given values
            byte[] old = t.pack(mem, addr, instances);
            System.arraycopy(old, values.size() * b.size(), packed, values.size() * b.size(), packed.length - values.size() * b.size());
        }
        t.unpack(packed, 0, packed.length, mem, addr, instances);
    }

    private static BasicType requireBasic(Datatype t) {
        BasicType b = t.basic();
        if (b == null) throw new MpiException(ErrorClass.MPI_ERR_TYPE, t.name() + " mixes element types; read or write it one basic type at a time");
        return b;
    }

    public static Object get(MemorySegment s, long off, BasicType b) {
        return switch (b) {
            case FLOAT -> (double) s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, off);
            case DOUBLE -> s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, off);
            default -> switch (b.size()) {
                case 1 -> b.family() == BasicType.Family.INT ? (long) s.get(ValueLayout.JAVA_BYTE, off)
                        : (long) (s.get(ValueLayout.JAVA_BYTE, off) & 0xff);
                case 2 -> b.family() == BasicType.Family.INT ? (long) s.get(ValueLayout.JAVA_SHORT_UNALIGNED, off)
                        : (long) (s.get(ValueLayout.JAVA_SHORT_UNALIGNED, off) & 0xffff);
                case 4 -> b.family() == BasicType.Family.UINT ? s.get(ValueLayout.JAVA_INT_UNALIGNED, off) & 0xffffffffL
                        : (long) s.get(ValueLayout.JAVA_INT_UNALIGNED, off);
                default -> s.get(ValueLayout.JAVA_LONG_UNALIGNED, off);
            };
        };
    }

    public static void put(MemorySegment s, long off, BasicType b, Object v) {
        if (!(v instanceof Number n)) {
            if (v instanceof Boolean bo) { put(s, off, b, bo ? 1L : 0L); return; }
            if (v instanceof String str && str.length() == 1 && b.size() == 1) { s.set(ValueLayout.JAVA_BYTE, off, (byte) str.charAt(0)); return; }
            throw new MpiException(ErrorClass.MPI_ERR_ARG, "cannot store " + v + " as " + b.cName());
        }
        switch (b) {
            case FLOAT -> s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, off, n.floatValue());
            case DOUBLE -> s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, off, n.doubleValue());
            default -> {
                long l = n.longValue();
                switch (b.size()) {
                    case 1 -> s.set(ValueLayout.JAVA_BYTE, off, (byte) l);
                    case 2 -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, off, (short) l);
                    case 4 -> s.set(ValueLayout.JAVA_INT_UNALIGNED, off, (int) l);
                    default -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, off, l);
                }
            }
        }
    }
}
