package org.mpish.runtime.mpi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The predefined MPI error classes with their values (MPICH's numbering, so that numbers match what people
 * see from MPICH) and the text {@code MPI_Error_string} gives for each, written for mpish.
 */
public final class ErrorClass {
    private ErrorClass() {}

    public static final int MPI_SUCCESS = 0;
    public static final int MPI_ERR_BUFFER = 1;
    public static final int MPI_ERR_COUNT = 2;
    public static final int MPI_ERR_TYPE = 3;
    public static final int MPI_ERR_TAG = 4;
    public static final int MPI_ERR_COMM = 5;
    public static final int MPI_ERR_RANK = 6;
    public static final int MPI_ERR_ROOT = 7;
    public static final int MPI_ERR_GROUP = 8;
    public static final int MPI_ERR_OP = 9;
    public static final int MPI_ERR_TOPOLOGY = 10;
    public static final int MPI_ERR_DIMS = 11;
    public static final int MPI_ERR_ARG = 12;
    public static final int MPI_ERR_UNKNOWN = 13;
    public static final int MPI_ERR_TRUNCATE = 14;
    public static final int MPI_ERR_OTHER = 15;
    public static final int MPI_ERR_INTERN = 16;
    public static final int MPI_ERR_IN_STATUS = 17;
    public static final int MPI_ERR_PENDING = 18;
    public static final int MPI_ERR_REQUEST = 19;
    public static final int MPI_ERR_ACCESS = 20;
    public static final int MPI_ERR_AMODE = 21;
    public static final int MPI_ERR_BAD_FILE = 22;
    public static final int MPI_ERR_CONVERSION = 23;
    public static final int MPI_ERR_DUP_DATAREP = 24;
    public static final int MPI_ERR_FILE_EXISTS = 25;
    public static final int MPI_ERR_FILE_IN_USE = 26;
    public static final int MPI_ERR_FILE = 27;
    public static final int MPI_ERR_INFO = 28;
    public static final int MPI_ERR_INFO_KEY = 29;
    public static final int MPI_ERR_INFO_VALUE = 30;
    public static final int MPI_ERR_INFO_NOKEY = 31;
    public static final int MPI_ERR_IO = 32;
    public static final int MPI_ERR_NAME = 33;
    public static final int MPI_ERR_NO_MEM = 34;
    public static final int MPI_ERR_NOT_SAME = 35;
    public static final int MPI_ERR_NO_SPACE = 36;
    public static final int MPI_ERR_NO_SUCH_FILE = 37;
    public static final int MPI_ERR_PORT = 38;
    public static final int MPI_ERR_QUOTA = 39;
    public static final int MPI_ERR_READ_ONLY = 40;
    public static final int MPI_ERR_SERVICE = 41;
    public static final int MPI_ERR_SPAWN = 42;
    public static final int MPI_ERR_UNSUPPORTED_DATAREP = 43;
    public static final int MPI_ERR_UNSUPPORTED_OPERATION = 44;
    public static final int MPI_ERR_WIN = 45;
    public static final int MPI_ERR_BASE = 46;
    public static final int MPI_ERR_LOCKTYPE = 47;
    public static final int MPI_ERR_KEYVAL = 48;
    public static final int MPI_ERR_RMA_CONFLICT = 49;
    public static final int MPI_ERR_RMA_SYNC = 50;
    public static final int MPI_ERR_SIZE = 51;
    public static final int MPI_ERR_DISP = 52;
    public static final int MPI_ERR_ASSERT = 53;
    public static final int MPI_ERR_RMA_RANGE = 55;
    public static final int MPI_ERR_RMA_ATTACH = 56;
    public static final int MPI_ERR_RMA_SHARED = 57;
    public static final int MPI_ERR_RMA_FLAVOR = 58;
    public static final int MPI_ERR_PROC_ABORTED = 74;
    public static final int MPI_ERR_SESSION = 75;
    public static final int MPI_ERR_VALUE_TOO_LARGE = 76;
    public static final int MPI_ERR_ERRHANDLER = 80;
    /** Every predefined class lies in (0, MPI_ERR_LASTCODE]; user classes and codes come after it. */
    public static final int MPI_ERR_LASTCODE = 100;

    /** The tables, filled once while the class initialises and read-only after. */
    private static final Map<String, Integer> VALUES;
    private static final Map<Integer, String> NAMES;
    private static final Map<Integer, String> TEXTS;

    private static final class Table {
        final Map<String, Integer> values = new LinkedHashMap<>();
        final Map<Integer, String> names = new LinkedHashMap<>();
        final Map<Integer, String> texts = new LinkedHashMap<>();

        void c(String name, int value, String text) {
            values.put(name, value);
            names.put(value, name);
            texts.put(value, text);
        }
    }

    static {
        Table t = new Table();
        t.c("MPI_SUCCESS", MPI_SUCCESS, "no error");
        t.c("MPI_ERR_BUFFER", MPI_ERR_BUFFER, "invalid buffer, or no room in the attached send buffer");
        t.c("MPI_ERR_COUNT", MPI_ERR_COUNT, "invalid count argument");
        t.c("MPI_ERR_TYPE", MPI_ERR_TYPE, "invalid datatype");
        t.c("MPI_ERR_TAG", MPI_ERR_TAG, "invalid tag");
        t.c("MPI_ERR_COMM", MPI_ERR_COMM, "invalid communicator");
        t.c("MPI_ERR_RANK", MPI_ERR_RANK, "invalid rank");
        t.c("MPI_ERR_ROOT", MPI_ERR_ROOT, "invalid root");
        t.c("MPI_ERR_GROUP", MPI_ERR_GROUP, "invalid group");
        t.c("MPI_ERR_OP", MPI_ERR_OP, "invalid reduction operation");
        t.c("MPI_ERR_TOPOLOGY", MPI_ERR_TOPOLOGY, "invalid topology");
        t.c("MPI_ERR_DIMS", MPI_ERR_DIMS, "invalid dimension argument");
        t.c("MPI_ERR_ARG", MPI_ERR_ARG, "invalid argument of some other kind");
        t.c("MPI_ERR_UNKNOWN", MPI_ERR_UNKNOWN, "unknown error");
        t.c("MPI_ERR_TRUNCATE", MPI_ERR_TRUNCATE, "message truncated on receive");
        t.c("MPI_ERR_OTHER", MPI_ERR_OTHER, "known error not in this list");
        t.c("MPI_ERR_INTERN", MPI_ERR_INTERN, "internal error in the MPI runtime");
        t.c("MPI_ERR_IN_STATUS", MPI_ERR_IN_STATUS, "error code is in the status");
        t.c("MPI_ERR_PENDING", MPI_ERR_PENDING, "pending request");
        t.c("MPI_ERR_REQUEST", MPI_ERR_REQUEST, "invalid request");
        t.c("MPI_ERR_ACCESS", MPI_ERR_ACCESS, "permission denied");
        t.c("MPI_ERR_AMODE", MPI_ERR_AMODE, "invalid file access mode");
        t.c("MPI_ERR_BAD_FILE", MPI_ERR_BAD_FILE, "invalid file name");
        t.c("MPI_ERR_CONVERSION", MPI_ERR_CONVERSION, "data conversion failed");
        t.c("MPI_ERR_DUP_DATAREP", MPI_ERR_DUP_DATAREP, "data representation already defined");
        t.c("MPI_ERR_FILE_EXISTS", MPI_ERR_FILE_EXISTS, "file exists");
        t.c("MPI_ERR_FILE_IN_USE", MPI_ERR_FILE_IN_USE, "file in use by some process");
        t.c("MPI_ERR_FILE", MPI_ERR_FILE, "invalid file handle");
        t.c("MPI_ERR_INFO", MPI_ERR_INFO, "invalid info object");
        t.c("MPI_ERR_INFO_KEY", MPI_ERR_INFO_KEY, "info key too long");
        t.c("MPI_ERR_INFO_VALUE", MPI_ERR_INFO_VALUE, "info value too long");
        t.c("MPI_ERR_INFO_NOKEY", MPI_ERR_INFO_NOKEY, "info key not defined");
        t.c("MPI_ERR_IO", MPI_ERR_IO, "input/output error");
        t.c("MPI_ERR_NAME", MPI_ERR_NAME, "invalid service name");
        t.c("MPI_ERR_NO_MEM", MPI_ERR_NO_MEM, "out of memory");
        t.c("MPI_ERR_NOT_SAME", MPI_ERR_NOT_SAME, "collective argument not the same on all processes");
        t.c("MPI_ERR_NO_SPACE", MPI_ERR_NO_SPACE, "not enough space");
        t.c("MPI_ERR_NO_SUCH_FILE", MPI_ERR_NO_SUCH_FILE, "file does not exist");
        t.c("MPI_ERR_PORT", MPI_ERR_PORT, "invalid port name");
        t.c("MPI_ERR_QUOTA", MPI_ERR_QUOTA, "quota exceeded");
        t.c("MPI_ERR_READ_ONLY", MPI_ERR_READ_ONLY, "file is read-only");
        t.c("MPI_ERR_SERVICE", MPI_ERR_SERVICE, "service name not published");
        t.c("MPI_ERR_SPAWN", MPI_ERR_SPAWN, "could not spawn processes");
        t.c("MPI_ERR_UNSUPPORTED_DATAREP", MPI_ERR_UNSUPPORTED_DATAREP, "unsupported data representation");
        t.c("MPI_ERR_UNSUPPORTED_OPERATION", MPI_ERR_UNSUPPORTED_OPERATION, "operation not supported");
        t.c("MPI_ERR_WIN", MPI_ERR_WIN, "invalid window");
        t.c("MPI_ERR_BASE", MPI_ERR_BASE, "invalid base address");
        t.c("MPI_ERR_LOCKTYPE", MPI_ERR_LOCKTYPE, "invalid lock type");
        t.c("MPI_ERR_KEYVAL", MPI_ERR_KEYVAL, "invalid attribute key");
        t.c("MPI_ERR_RMA_CONFLICT", MPI_ERR_RMA_CONFLICT, "conflicting accesses to a window");
        t.c("MPI_ERR_RMA_SYNC", MPI_ERR_RMA_SYNC, "RMA call outside or clashing with the synchronization epochs");
        t.c("MPI_ERR_SIZE", MPI_ERR_SIZE, "invalid size");
        t.c("MPI_ERR_DISP", MPI_ERR_DISP, "invalid displacement");
        t.c("MPI_ERR_ASSERT", MPI_ERR_ASSERT, "invalid assert argument");
        t.c("MPI_ERR_RMA_RANGE", MPI_ERR_RMA_RANGE, "target memory is not inside the window");
        t.c("MPI_ERR_RMA_ATTACH", MPI_ERR_RMA_ATTACH, "memory cannot be attached to the window");
        t.c("MPI_ERR_RMA_SHARED", MPI_ERR_RMA_SHARED, "memory cannot be shared between these processes");
        t.c("MPI_ERR_RMA_FLAVOR", MPI_ERR_RMA_FLAVOR, "call not allowed for this window flavor");
        t.c("MPI_ERR_PROC_ABORTED", MPI_ERR_PROC_ABORTED, "operation involved a process that aborted");
        t.c("MPI_ERR_SESSION", MPI_ERR_SESSION, "invalid session");
        t.c("MPI_ERR_VALUE_TOO_LARGE", MPI_ERR_VALUE_TOO_LARGE, "value too large for its output argument");
        t.c("MPI_ERR_ERRHANDLER", MPI_ERR_ERRHANDLER, "invalid error handler");
        t.c("MPI_ERR_LASTCODE", MPI_ERR_LASTCODE, "last predefined error code");
        VALUES = Collections.unmodifiableMap(t.values);
        NAMES = Collections.unmodifiableMap(t.names);
        TEXTS = Collections.unmodifiableMap(t.texts);
    }

    /** Name to value, in table order (MPI_SUCCESS ... MPI_ERR_LASTCODE). */
    public static Map<String, Integer> all() { return VALUES; }

    /** The C name of a predefined class, or null. */
    public static String name(int value) { return NAMES.get(value); }

    /** The predefined text of a class, or null. */
    public static String text(int value) { return TEXTS.get(value); }

    public static boolean isPredefined(int value) { return NAMES.containsKey(value) && value != MPI_ERR_LASTCODE; }
}
