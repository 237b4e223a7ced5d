package org.mpish.runtime.mpi.env;

import static org.mpish.runtime.catalog.PType.BOOL;
import static org.mpish.runtime.catalog.PType.INFO;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.STRING;

import java.util.Map;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.PType;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.info.Info;

/**
 * The process and its threads (MPI-4.1 sections 9.1, 11.2.3, 15.2): MPI_Init_thread and the thread levels,
 * MPI_Query_thread, MPI_Is_thread_main, the processor name, the library version, the hardware info, MPI_Pcontrol.
 */
public final class ProcessCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        for (int l = ProcessInfo.THREAD_SINGLE; l <= ProcessInfo.THREAD_MULTIPLE; l++) b.constant(ProcessInfo.levelName(l), "threadlevel", l);
        b.constant("MPI_MAX_PROCESSOR_NAME", "int", ProcessInfo.MAX_PROCESSOR_NAME);
        b.constant("MPI_MAX_LIBRARY_VERSION_STRING", "int", ProcessInfo.MAX_LIBRARY_VERSION_STRING);

        b.call("MPI_Init_thread", "environment", "start MPI on the calling process, asking for a thread level")
                .in("argc", PType.of(PType.Kind.VALUE, "int *"), "int *argc").optional("NULL")
                .in("argv", PType.of(PType.Kind.VALUE, "char ***"), "char ***argv").optional("NULL")
                .in("required", PType.integer("int", "threadlevel")).out("provided", INT)
                .impl((r, a) -> ProcessInfo.initThread(MpiProcess.of(r), a.i(2)));
        b.call("MPI_Query_thread", "environment", "the thread level MPI runs at on the calling process")
                .out("provided", INT)
                .impl((r, a) -> ProcessInfo.provided(MpiProcess.of(r)));
        b.call("MPI_Is_thread_main", "environment", "tell whether the calling thread is the one that started MPI")
                .out("flag", BOOL)
                .impl((r, a) -> ProcessInfo.isThreadMain(MpiProcess.of(r)));
        b.call("MPI_Get_library_version", "environment", "a text naming the MPI library and its version")
                .out("version", STRING, "char *version").out("resultlen", INT)
                .impl((r, a) -> new Object[] {ProcessInfo.LIBRARY_VERSION, ProcessInfo.LIBRARY_VERSION.length()});
        b.call("MPI_Get_hw_resource_info", "environment", "a new info object describing the hardware the process runs on")
                .out("hw_info", INFO)
                .impl((r, a) -> MpiProcess.of(r).handles().add(new Info(Map.of())));
        b.call("MPI_Pcontrol", "environment", "set the level of profiling (shown in the trace; mpish has no profiler)")
                .in("level", INT, "const int level, ...")
                .impl((r, a) -> {
                    int level = a.i(0);
                    if (r.job().tracing()) r.job().emit(r.id(), "env", "pcontrol", "profiling level " + level, Map.of("level", level));
                    return null;
                });
    }
}
