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

    private static final Map<String, Integer> VALUES = new LinkedHashMap<>();
    private static final Map<Integer, String> NAMES = new LinkedHashMap<>();
    private static final Map<Integer, String> TEXTS = new LinkedHashMap<>();

    private static void c(String name, int value, String text) {
        VALUES.put(name, value);
        NAMES.put(value, name);
        TEXTS.put(value, text);
    }

    static {
        c("MPI_SUCCESS", MPI_SUCCESS, "no error");
        c("MPI_ERR_BUFFER", MPI_ERR_BUFFER, "invalid buffer, or no room in the attached send buffer");
        c("MPI_ERR_COUNT", MPI_ERR_COUNT, "invalid count argument");
        c("MPI_ERR_TYPE", MPI_ERR_TYPE, "invalid datatype");
        c("MPI_ERR_TAG", MPI_ERR_TAG, "invalid tag");
        c("MPI_ERR_COMM", MPI_ERR_COMM, "invalid communicator");
        c("MPI_ERR_RANK", MPI_ERR_RANK, "invalid rank");
        c("MPI_ERR_ROOT", MPI_ERR_ROOT, "invalid root");
        c("MPI_ERR_GROUP", MPI_ERR_GROUP, "invalid group");
        c("MPI_ERR_OP", MPI_ERR_OP, "invalid reduction operation");
        c("MPI_ERR_TOPOLOGY", MPI_ERR_TOPOLOGY, "invalid topology");
        c("MPI_ERR_DIMS", MPI_ERR_DIMS, "invalid dimension argument");
        c("MPI_ERR_ARG", MPI_ERR_ARG, "invalid argument of some other kind");
        c("MPI_ERR_UNKNOWN", MPI_ERR_UNKNOWN, "unknown error");
        c("MPI_ERR_TRUNCATE", MPI_ERR_TRUNCATE, "message truncated on receive");
        c("MPI_ERR_OTHER", MPI_ERR_OTHER, "known error not in this list");
        c("MPI_ERR_INTERN", MPI_ERR_INTERN, "internal error in the MPI runtime");
        c("MPI_ERR_IN_STATUS", MPI_ERR_IN_STATUS, "error code is in the status");
        c("MPI_ERR_PENDING", MPI_ERR_PENDING, "pending request");
        c("MPI_ERR_REQUEST", MPI_ERR_REQUEST, "invalid request");
        c("MPI_ERR_ACCESS", MPI_ERR_ACCESS, "permission denied");
        c("MPI_ERR_AMODE", MPI_ERR_AMODE, "invalid file access mode");
        c("MPI_ERR_BAD_FILE", MPI_ERR_BAD_FILE, "invalid file name");
        c("MPI_ERR_CONVERSION", MPI_ERR_CONVERSION, "data conversion failed");
        c("MPI_ERR_DUP_DATAREP", MPI_ERR_DUP_DATAREP, "data representation already defined");
        c("MPI_ERR_FILE_EXISTS", MPI_ERR_FILE_EXISTS, "file exists");
        c("MPI_ERR_FILE_IN_USE", MPI_ERR_FILE_IN_USE, "file in use by some process");
        c("MPI_ERR_FILE", MPI_ERR_FILE, "invalid file handle");
        c("MPI_ERR_INFO", MPI_ERR_INFO, "invalid info object");
        c("MPI_ERR_INFO_KEY", MPI_ERR_INFO_KEY, "info key too long");
        c("MPI_ERR_INFO_VALUE", MPI_ERR_INFO_VALUE, "info value too long");
        c("MPI_ERR_INFO_NOKEY", MPI_ERR_INFO_NOKEY, "info key not defined");
        c("MPI_ERR_IO", MPI_ERR_IO, "input/output error");
        c("MPI_ERR_NAME", MPI_ERR_NAME, "invalid service name");
        c("MPI_ERR_NO_MEM", MPI_ERR_NO_MEM, "out of memory");
        c("MPI_ERR_NOT_SAME", MPI_ERR_NOT_SAME, "collective argument not the same on all processes");
        c("MPI_ERR_NO_SPACE", MPI_ERR_NO_SPACE, "not enough space");
        c("MPI_ERR_NO_SUCH_FILE", MPI_ERR_NO_SUCH_FILE, "file does not exist");
        c("MPI_ERR_PORT", MPI_ERR_PORT, "invalid port name");
        c("MPI_ERR_QUOTA", MPI_ERR_QUOTA, "quota exceeded");
        c("MPI_ERR_READ_ONLY", MPI_ERR_READ_ONLY, "file is read-only");
        c("MPI_ERR_SERVICE", MPI_ERR_SERVICE, "service name not published");
        c("MPI_ERR_SPAWN", MPI_ERR_SPAWN, "could not spawn processes");
        c("MPI_ERR_UNSUPPORTED_DATAREP", MPI_ERR_UNSUPPORTED_DATAREP, "unsupported data representation");
        c("MPI_ERR_UNSUPPORTED_OPERATION", MPI_ERR_UNSUPPORTED_OPERATION, "operation not supported");
        c("MPI_ERR_WIN", MPI_ERR_WIN, "invalid window");
        c("MPI_ERR_BASE", MPI_ERR_BASE, "invalid base address");
        c("MPI_ERR_LOCKTYPE", MPI_ERR_LOCKTYPE, "invalid lock type");
        c("MPI_ERR_KEYVAL", MPI_ERR_KEYVAL, "invalid attribute key");
        c("MPI_ERR_RMA_CONFLICT", MPI_ERR_RMA_CONFLICT, "conflicting accesses to a window");
        c("MPI_ERR_RMA_SYNC", MPI_ERR_RMA_SYNC, "RMA call outside or clashing with the synchronization epochs");
        c("MPI_ERR_SIZE", MPI_ERR_SIZE, "invalid size");
        c("MPI_ERR_DISP", MPI_ERR_DISP, "invalid displacement");
        c("MPI_ERR_ASSERT", MPI_ERR_ASSERT, "invalid assert argument");
        c("MPI_ERR_RMA_RANGE", MPI_ERR_RMA_RANGE, "target memory is not inside the window");
        c("MPI_ERR_RMA_ATTACH", MPI_ERR_RMA_ATTACH, "memory cannot be attached to the window");
        c("MPI_ERR_RMA_SHARED", MPI_ERR_RMA_SHARED, "memory cannot be shared between these processes");
        c("MPI_ERR_RMA_FLAVOR", MPI_ERR_RMA_FLAVOR, "call not allowed for this window flavor");
        c("MPI_ERR_PROC_ABORTED", MPI_ERR_PROC_ABORTED, "operation involved a process that aborted");
        c("MPI_ERR_SESSION", MPI_ERR_SESSION, "invalid session");
        c("MPI_ERR_VALUE_TOO_LARGE", MPI_ERR_VALUE_TOO_LARGE, "value too large for its output argument");
        c("MPI_ERR_ERRHANDLER", MPI_ERR_ERRHANDLER, "invalid error handler");
        c("MPI_ERR_LASTCODE", MPI_ERR_LASTCODE, "last predefined error code");
    }

    /** Name to value, in table order (MPI_SUCCESS ... MPI_ERR_LASTCODE). */
    public static Map<String, Integer> all() { return Collections.unmodifiableMap(VALUES); }

    /** The C name of a predefined class, or null. */
    public static String name(int value) { return NAMES.get(value); }

    /** The predefined text of a class, or null. */
    public static String text(int value) { return TEXTS.get(value); }

    public static boolean isPredefined(int value) { return NAMES.containsKey(value) && value != MPI_ERR_LASTCODE; }
}
