package org.mpish.runtime.mpi;

/** The kinds of MPI (and LAPI) objects a handle can name, with the shell's name prefix, the C type,
 *  the null handle's name and the error class for an invalid handle of this kind. */
public enum HandleKind {
    COMM("comm", "MPI_Comm", "MPI_COMM_NULL", ErrorClass.MPI_ERR_COMM),
    GROUP("group", "MPI_Group", "MPI_GROUP_NULL", ErrorClass.MPI_ERR_GROUP),
    DATATYPE("type", "MPI_Datatype", "MPI_DATATYPE_NULL", ErrorClass.MPI_ERR_TYPE),
    WIN("win", "MPI_Win", "MPI_WIN_NULL", ErrorClass.MPI_ERR_WIN),
    KEYVAL("kv", "int", "MPI_KEYVAL_INVALID", ErrorClass.MPI_ERR_KEYVAL),
    ERRHANDLER("eh", "MPI_Errhandler", "MPI_ERRHANDLER_NULL", ErrorClass.MPI_ERR_ERRHANDLER),
    REQUEST("req", "MPI_Request", "MPI_REQUEST_NULL", ErrorClass.MPI_ERR_REQUEST),
    OP("op", "MPI_Op", "MPI_OP_NULL", ErrorClass.MPI_ERR_OP),
    INFO("info", "MPI_Info", "MPI_INFO_NULL", ErrorClass.MPI_ERR_INFO),
    MESSAGE("msg", "MPI_Message", "MPI_MESSAGE_NULL", ErrorClass.MPI_ERR_REQUEST),
    SESSION("session", "MPI_Session", "MPI_SESSION_NULL", ErrorClass.MPI_ERR_SESSION);

    private final String prefix;
    private final String cType;
    private final String nullName;
    private final int errorClass;

    HandleKind(String prefix, String cType, String nullName, int errorClass) {
        this.prefix = prefix;
        this.cType = cType;
        this.nullName = nullName;
        this.errorClass = errorClass;
    }

    public String prefix() { return prefix; }
    public String cType() { return cType; }
    public String nullName() { return nullName; }
    public int errorClass() { return errorClass; }
    /** "communicator", "window", ... for messages. */
    public String noun() {
        return switch (this) {
            case COMM -> "communicator";
            case GROUP -> "group";
            case DATATYPE -> "datatype";
            case WIN -> "window";
            case KEYVAL -> "keyval";
            case ERRHANDLER -> "error handler";
            case REQUEST -> "request";
            case OP -> "operation";
            case INFO -> "info object";
            case MESSAGE -> "message handle";
            case SESSION -> "session";
        };
    }
}
