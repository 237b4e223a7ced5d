package org.mpish.runtime.mpi.info;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.env.ProcessInfo;

/**
 * MPI_INFO_ENV and MPI_Info_create_env (MPI-4.1 section 11.2.3): the keys of the standard's list that mpish
 * knows: maxprocs (the job's size), host, arch, wdir (the launcher's working directory) and thread_level; and
 * command / argv when the caller passes them to MPI_Info_create_env. mpish has no "soft" or "file" launch option.
 */
final class InfoEnv {
    private InfoEnv() {}

    private static final Object KEY = new Object();

    /** This process's MPI_INFO_ENV, made on first use and brought up to date at each use (the thread level changes at init). */
    static Info of(MpiProcess p) {
        Info env = p.extension(KEY, () -> p.handles().predefined(Info.predefined("MPI_INFO_ENV", Map.of())));
        env.refresh(entries(p, List.of()));
        return env;
    }

    static Map<String, String> entries(MpiProcess p, List<String> args) {
        Map<String, String> m = new LinkedHashMap<>();
        if (!args.isEmpty()) m.put("command", args.get(0));
        if (args.size() > 1) m.put("argv", String.join(" ", args.subList(1, args.size())));
        m.put("maxprocs", Integer.toString(p.rank().job().size()));
        // the (simulated) node the rank runs on, as MPI_Get_processor_name names it
        m.put("host", p.rank().job().nodeName(p.rank().job().nodeOf(p.rank().id())));
        m.put("arch", ProcessInfo.arch());
        m.put("wdir", System.getProperty("user.dir"));
        m.put("thread_level", ProcessInfo.levelName(ProcessInfo.provided(p)));
        return m;
    }

    /** argc and argv of MPI_Info_create_env: the first argc strings of argv (NULL when argc is 0). */
    @SuppressWarnings("unchecked")
    static List<String> args(int argc, Object list) {
        List<String> argv = (List<String>) list;
        if (argc < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "argc is " + argc + "; it must be 0 or more");
        if (argc == 0) return List.of();
        if (argv == null) throw new MpiException(ErrorClass.MPI_ERR_ARG, "argc is " + argc + " but argv is NULL");
        if (argv.size() < argc) throw new MpiException(ErrorClass.MPI_ERR_ARG, "argc is " + argc + " but argv has " + argv.size() + " strings");
        return argv.subList(0, argc);
    }
}
