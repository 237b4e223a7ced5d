package org.mpish.runtime.mpi.coll;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.mpish.runtime.mpi.comm.Comm;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.coll.Meeting.Part;

/**
 * How a collective runs: {@link #BLOCKING} meets the others and delivers before returning;
 * {@link #NONBLOCKING} (MPI_I...) contributes and returns a request that delivers when it completes;
 * {@link #started} is one start of a persistent request (..._init). Every collective is written once as its
 * two halves: {@code prepare} (this rank's checks and packed data) and {@code finish} (delivery, given every
 * rank's part). A finish may leave a {@link CollLarge.Rest} (large data read in place): the blocking form waits
 * on it, a request completes only when it is done.
 */
interface Runner {
    /** The name of the call this form is ("MPI_Iallreduce" for "MPI_Allreduce"). */
    String name(String blocking);

    /** Runs the collective; returns null, or the request. */
    Object staged(Comm c, String call, Supplier<Part> prepare, Function<Part[], CollLarge.Rest> finish);

    /** {@link #staged} for a delivery in one go; when some rank lent its memory, nobody completes until every rank has copied. */
    default Object run(Comm c, String call, Supplier<Part> prepare, Consumer<Part[]> finish) {
        return staged(c, call, prepare, parts -> CollLarge.delivered(c, parts, () -> finish.accept(parts)));
    }

    Runner BLOCKING = new Runner() {
        @Override public String name(String blocking) { return blocking; }
        @Override public Object staged(Comm c, String call, Supplier<Part> prepare, Function<Part[], CollLarge.Rest> finish) {
            Part[] parts = Meeting.meet(c, call, prepare);
            CollLarge.Rest rest = finish.apply(parts);
            if (rest != null) c.process().rank().await(rest::poll, () -> call + " on " + c.name() + ": waiting for the others to finish with the memory lent to them");
            return null;
        }
    };

    /** MPI_I...: a registered request handle. */
    Runner NONBLOCKING = new Runner() {
        @Override public String name(String blocking) { return "MPI_I" + Character.toLowerCase(blocking.charAt(4)) + blocking.substring(5); }
        @Override public Object staged(Comm c, String call, Supplier<Part> prepare, Function<Part[], CollLarge.Rest> finish) {
            CollRequest q = new CollRequest(c, call, Meeting.start(c, call, prepare), finish);
            return MpiProcess.of(c.process().rank()).handles().add(q);
        }
    };

    /** The argument checks of {@code initName} alone (a persistent collective's arguments are checked when it is made). */
    static Runner checkOnly(String initName) {
        return new Runner() {
            @Override public String name(String blocking) { return initName; }
            @Override public Object staged(Comm c, String call, Supplier<Part> prepare, Function<Part[], CollLarge.Rest> finish) {
                prepare.get();
                return null;
            }
        };
    }

    /** One start of a persistent collective made by {@code initName}: an unregistered request inside it. */
    static Runner started(String initName) {
        return new Runner() {
            @Override public String name(String blocking) { return initName; }
            @Override public Object staged(Comm c, String call, Supplier<Part> prepare, Function<Part[], CollLarge.Rest> finish) {
                return new CollRequest(c, call, Meeting.start(c, call, prepare), finish);
            }
        };
    }
}
