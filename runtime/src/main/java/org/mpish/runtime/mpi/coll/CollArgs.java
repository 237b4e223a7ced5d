package org.mpish.runtime.mpi.coll;

import org.mpish.runtime.mpi.MpiConst;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ARG;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_BUFFER;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_COUNT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_ROOT;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TRUNCATE;
import static org.mpish.runtime.mpi.ErrorClass.MPI_ERR_TYPE;

import org.mpish.runtime.Memory;
import org.mpish.runtime.MemoryFault;
import org.mpish.runtime.mpi.datatype.BasicType;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.datatype.Datatype;
import org.mpish.runtime.mpi.datatype.ElemType;
import org.mpish.runtime.mpi.env.EnvCalls;
import org.mpish.runtime.mpi.MpiException;

/** The argument checks the collectives share, each naming the argument it refuses. */
final class CollArgs {
    private CollArgs() {}

    static void committed(Datatype t, String arg) {
        if (!t.committed()) throw new MpiException(MPI_ERR_TYPE, arg + ": " + t.name() + " is not committed (MPI_Type_commit)");
    }

    static void count(long n, String arg) {
        if (n < 0) throw new MpiException(MPI_ERR_COUNT, arg + " = " + n + " is negative");
    }

    /** An array argument with one entry per rank of a group of {@code n}, each non-negative when it is a count. */
    static void perRank(int[] a, int n, String arg, boolean counts) { perEach(a, n, arg, counts, "rank"); }

    /** As {@link #perRank}, for the long arrays of a call whose _c form takes MPI_Count[] / MPI_Aint[]. */
    static void perRank(long[] a, int n, String arg, boolean counts) { perEach(a, n, arg, counts, "rank"); }

    /** As {@link #perEach(int[], int, String, boolean, String)}, for the long arrays of a _c form. */
    static void perEach(long[] a, int n, String arg, boolean counts, String what) {
        if (a == null || a.length < n) {
            throw new MpiException(MPI_ERR_ARG, arg + " has " + (a == null ? 0 : a.length) + " entries; it needs one per " + what + " (" + n + ")");
        }
        if (counts) for (int i = 0; i < n; i++) if (a[i] < 0) throw new MpiException(MPI_ERR_COUNT, arg + "[" + i + "] = " + a[i] + " is negative");
    }

    /** As {@link #perRank}, one entry per {@code what} ("neighbour" for the neighbourhood collectives). */
    static void perEach(int[] a, int n, String arg, boolean counts, String what) {
        if (a == null || a.length < n) {
            throw new MpiException(MPI_ERR_ARG, arg + " has " + (a == null ? 0 : a.length) + " entries; it needs one per " + what + " (" + n + ")");
        }
        if (counts) for (int i = 0; i < n; i++) if (a[i] < 0) throw new MpiException(MPI_ERR_COUNT, arg + "[" + i + "] = " + a[i] + " is negative");
    }

    /** Checks {@code count} x {@code t} at {@code addr} lies in allocated memory; MPI_ERR_BUFFER naming the argument if not. */
    static void buffer(Memory m, Datatype t, long addr, long count, String arg) {
        try {
            t.checkBuffer(m, addr, count);
        } catch (MemoryFault f) {
            throw new MpiException(MPI_ERR_BUFFER, arg + ": " + f.getMessage());
        }
    }

    static void notInPlace(long addr, String arg, String why) {
        if (addr == CollCalls.IN_PLACE) throw new MpiException(MPI_ERR_BUFFER, arg + " is MPI_IN_PLACE, " + why);
    }

    /**
     * Who sends or receives in a rooted collective: on an intracommunicator the root, given as a rank of it;
     * on an intercommunicator MPI_ROOT (the root), MPI_PROC_NULL (the rest of its group) or the root's rank in
     * the remote group (every process of the other group).
     */
    enum Role { ROOT, LEAF, NONE }

    static Role role(Comm c, int root) {
        if (!c.isInter()) {
            if (root < 0 || root >= c.size()) {
                throw new MpiException(MPI_ERR_ROOT, "root = " + root + " is not a rank of " + c.name() + " (size " + c.size() + ")");
            }
            return c.rank() == root ? Role.ROOT : Role.LEAF;
        }
        if (root == MpiConst.ROOT) return Role.ROOT;
        if (root == MpiConst.PROC_NULL) return Role.NONE;
        if (root < 0 || root >= c.remoteGroup().size()) {
            throw new MpiException(MPI_ERR_ROOT, "root = " + root + "; on an intercommunicator it is MPI_ROOT, MPI_PROC_NULL"
                    + " or a rank of the remote group (size " + c.remoteGroup().size() + ")");
        }
        return Role.LEAF;
    }

    /** The basic element a signature is made of ("MPI_INT"), or null when mpish cannot tell (mixed types). */
    static String elem(Datatype t) {
        ElemType e = ElemType.of(t);
        return e == null ? null : e.cName();
    }

    /**
     * Checks that {@code sent} bytes of {@code sentElem} from {@code from} fit exactly the receive of
     * {@code count} x {@code t} (MPI-4.1 6.1: the type signatures of a collective's sends and receives must
     * match): more is MPI_ERR_TRUNCATE, less or another basic type is MPI_ERR_TYPE. MPI_BYTE and MPI_PACKED
     * match anything of the same size.
     */
    static void matches(String from, long sent, String sentElem, String to, long count, Datatype t, String countArg) {
        long room = t.size() * count;
        String recvElem = elem(t);
        if (sent > room) {
            throw new MpiException(MPI_ERR_TRUNCATE, countArg + ": " + from + " sends " + sig(sent, sentElem) + " but " + to
                    + " receives " + count + " x " + t.name() + " (" + room + " bytes)");
        }
        boolean wild = isWild(sentElem) || isWild(recvElem);
        if (sent < room || !wild && sentElem != null && recvElem != null && !sentElem.equals(recvElem)) {
            throw new MpiException(MPI_ERR_TYPE, countArg + ": " + from + " sends " + sig(sent, sentElem) + " but " + to
                    + " receives " + count + " x " + t.name() + " (" + room + " bytes)"
                    + "; the type signatures of a collective's sends and receives must match");
        }
    }

    private static boolean isWild(String elem) {
        return BasicType.BYTE.cName().equals(elem) || BasicType.PACKED.cName().equals(elem);
    }

    private static String sig(long bytes, String elem) {
        return bytes + " bytes" + (elem == null ? "" : " of " + elem);
    }
}
