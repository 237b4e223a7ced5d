package org.mpish.runtime.mpi.comm;

import static org.mpish.runtime.catalog.PType.COMM;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;
import static org.mpish.runtime.catalog.PType.STRING;
import static org.mpish.runtime.catalog.PType.STRING_ARRAY;

import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;

/**
 * Process creation and client/server connection (MPI-4.1 chapter 11, dynamic process management). An mpish job has
 * the fixed set of ranks it was started with, so MPI_Comm_get_parent answers MPI_COMM_NULL (no rank was spawned),
 * and the calls that would add ranks or join another job refuse with the error class the standard gives for each:
 * MPI_ERR_SPAWN for spawning, MPI_ERR_UNSUPPORTED_OPERATION for opening a port or joining over a socket,
 * MPI_ERR_PORT for a port name (none can exist), MPI_ERR_NAME / MPI_ERR_SERVICE for name service look-ups.
 * The collective ones check their root and communicator first, and every rank refuses at once: nothing waits.
 */
public final class DynamicCalls implements CallFamily {
    private static final String WHY = "an mpish job keeps the ranks it was started with (see MPI_Comm_spawn(3))";

    @Override
    public void declare(Catalogue.Builder b) {
        b.call("MPI_Comm_get_parent", "dynamic processes", "the intercommunicator to the parent job: MPI_COMM_NULL, as no rank is spawned")
                .out("parent", COMM)
                .impl((r, a) -> Handle.nullOf(HandleKind.COMM));
        b.call("MPI_Comm_disconnect", "dynamic processes", "wait for a communicator's pending communication, then free it (collective)")
                .inout("comm", COMM)
                .errorsOn("comm")
                .impl((r, a) -> {
                    Disconnect.run(org.mpish.runtime.mpi.MpiProcess.of(r), a.comm(0));
                    return Handle.nullOf(HandleKind.COMM);
                });
        b.call("MPI_Comm_spawn", "dynamic processes", "start new processes (refused: MPI_ERR_SPAWN)")
                .in("command", STRING, "const char *command").in("argv", STRING_ARRAY, "char *argv[]").in("maxprocs", INT)
                .in("info", INFO).in("root", INT).in("comm", COMM).out("intercomm", COMM).out("array_of_errcodes", INT_ARRAY, "int array_of_errcodes[]")
                .errorsOn("comm")
                .impl((r, a) -> {
                    info(a, 3);
                    collective(a, 4, 5);
                    throw new MpiException(ErrorClass.MPI_ERR_SPAWN, "cannot start '" + a.str(0) + "': " + WHY);
                });
        b.call("MPI_Comm_spawn_multiple", "dynamic processes", "start new processes of several programs (refused: MPI_ERR_SPAWN)")
                .in("count", INT).in("array_of_commands", STRING_ARRAY, "char *array_of_commands[]")
                .in("array_of_argv", PType.of(PType.Kind.VALUE, "char **"), "char **array_of_argv[]")
                .in("array_of_maxprocs", INT_ARRAY, "const int array_of_maxprocs[]")
                .in("array_of_info", PType.handleArray(HandleKind.INFO), "const MPI_Info array_of_info[]")
                .in("root", INT).in("comm", COMM).out("intercomm", COMM).out("array_of_errcodes", INT_ARRAY, "int array_of_errcodes[]")
                .errorsOn("comm")
                .impl((r, a) -> {
                    if (a.i(0) < 0) throw new MpiException(ErrorClass.MPI_ERR_COUNT, "count = " + a.i(0) + " is negative");
                    collective(a, 5, 6);
                    throw new MpiException(ErrorClass.MPI_ERR_SPAWN, "cannot start new processes: " + WHY);
                });
        b.call("MPI_Open_port", "dynamic processes", "open a port for other jobs to connect to (refused: MPI_ERR_UNSUPPORTED_OPERATION)")
                .in("info", INFO).out("port_name", STRING, "char *port_name")
                .impl((r, a) -> {
                    info(a, 0);
                    throw new MpiException(ErrorClass.MPI_ERR_UNSUPPORTED_OPERATION, "no port can be opened: " + WHY);
                });
        b.call("MPI_Close_port", "dynamic processes", "close a port (refused: no port is ever open, MPI_ERR_PORT)")
                .in("port_name", STRING, "const char *port_name")
                .impl((r, a) -> { throw noPort(a.str(0)); });
        // accept and connect take the same arguments and are refused the same way
        for (String[] c : new String[][] {{"MPI_Comm_accept", "accept a connection from another job (refused: MPI_ERR_PORT)"},
                {"MPI_Comm_connect", "connect to another job's port (refused: MPI_ERR_PORT)"}}) {
            b.call(c[0], "dynamic processes", c[1])
                    .in("port_name", STRING, "const char *port_name").in("info", INFO).in("root", INT).in("comm", COMM).out("newcomm", COMM)
                    .errorsOn("comm")
                    .impl((r, a) -> {
                        info(a, 1);
                        collective(a, 2, 3);
                        throw noPort(a.str(0));
                    });
        }
        b.call("MPI_Comm_join", "dynamic processes", "connect two processes over a socket (refused: MPI_ERR_UNSUPPORTED_OPERATION)")
                .in("fd", INT).out("intercomm", COMM)
                .impl((r, a) -> {
                    throw new MpiException(ErrorClass.MPI_ERR_UNSUPPORTED_OPERATION, "cannot join over socket " + a.i(0) + ": " + WHY);
                });
        b.call("MPI_Publish_name", "dynamic processes", "publish a port under a service name (refused: MPI_ERR_PORT)")
                .in("service_name", STRING, "const char *service_name").in("info", INFO).in("port_name", STRING, "const char *port_name")
                .impl((r, a) -> {
                    info(a, 1);
                    throw noPort(a.str(2));
                });
        b.call("MPI_Unpublish_name", "dynamic processes", "withdraw a published service name (refused: nothing is published, MPI_ERR_SERVICE)")
                .in("service_name", STRING, "const char *service_name").in("info", INFO).in("port_name", STRING, "const char *port_name")
                .impl((r, a) -> {
                    info(a, 1);
                    throw new MpiException(ErrorClass.MPI_ERR_SERVICE, "service '" + a.str(0) + "' is not published: " + WHY);
                });
        b.call("MPI_Lookup_name", "dynamic processes", "the port published under a service name (refused: nothing is published, MPI_ERR_NAME)")
                .in("service_name", STRING, "const char *service_name").in("info", INFO).out("port_name", STRING, "char *port_name")
                .impl((r, a) -> {
                    info(a, 1);
                    throw new MpiException(ErrorClass.MPI_ERR_NAME, "no port is published as '" + a.str(0) + "': " + WHY);
                });
    }

    /** An info argument: MPI_INFO_NULL or a live info object. */
    private static void info(Args a, int i) {
        Handle h = a.handle(i);
        if (!h.isNull() && h.isFreed()) throw new MpiException(ErrorClass.MPI_ERR_INFO, "info has been freed");
    }

    private static MpiException noPort(String port) {
        return new MpiException(ErrorClass.MPI_ERR_PORT, "'" + port + "' is not an open port: " + WHY);
    }

    /** The checks every rank of a collective call makes before refusing: an intracommunicator and a root in it. */
    private static void collective(Args a, int root, int comm) {
        Comm c = a.comm(comm);
        if (c.isInter()) throw new MpiException(ErrorClass.MPI_ERR_COMM, c.name() + " is an intercommunicator; this call takes an intracommunicator");
        int x = a.i(root);
        if (x < 0 || x >= c.size()) throw new MpiException(ErrorClass.MPI_ERR_ROOT, "root = " + x + " is not a rank of " + c.name() + " (size " + c.size() + ")");
    }
}
