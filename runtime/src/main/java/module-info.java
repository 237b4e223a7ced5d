/**
 * The mpish runtime: N MPI / LAPI ranks in one JVM. What it exports on purpose (ArchitectureTest reads this
 * list): the core job / rank / memory API, the catalogue (the one way into every call), the read-only
 * inspection snapshots the shell's views show, and the explorer's scheduler. The MPI and LAPI engines
 * ({@code org.mpish.runtime.mpi..}, {@code org.mpish.runtime.lapi}) stay inside.
 */
module org.mpish.runtime {
    exports org.mpish.runtime;
    exports org.mpish.runtime.catalog;
    exports org.mpish.runtime.inspect;
    exports org.mpish.runtime.explore;
}
