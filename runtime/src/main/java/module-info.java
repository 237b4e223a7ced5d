/**
 * The mpish runtime: N MPI / LAPI ranks in one JVM. What it exports on purpose (ArchitectureTest reads this
 * list): the core job / rank / memory API, the catalogue (the one way into every call), the read-only
 * inspection snapshots the shell's views show, the explorer's scheduler, and the native engine that runs the
 * catalogue's calls on a real MPI library (which the launcher of {@code mpish run --mpi} sets up). The MPI and LAPI engines
 * ({@code org.mpish.runtime.mpi..}, {@code org.mpish.runtime.lapi}) stay inside.
 */
module org.mpish.runtime {
    exports org.mpish.runtime;
    exports org.mpish.runtime.catalog;
    exports org.mpish.runtime.inspect;
    exports org.mpish.runtime.explore;
    exports org.mpish.runtime.ffm;
}
