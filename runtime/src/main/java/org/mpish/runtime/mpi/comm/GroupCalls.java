package org.mpish.runtime.mpi.comm;

import static org.mpish.runtime.catalog.PType.GROUP;
import static org.mpish.runtime.catalog.PType.INT;
import static org.mpish.runtime.catalog.PType.INT_ARRAY;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.function.BinaryOperator;
import org.mpish.runtime.catalog.Args;
import org.mpish.runtime.catalog.CallFamily;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.MpiConst;

/** MPI_Group_*: ordered sets of processes, all local operations. */
public final class GroupCalls implements CallFamily {
    @Override
    public void declare(Catalogue.Builder b) {
        b.constant("MPI_GROUP_EMPTY", "group", Group.EMPTY);
        b.call("MPI_Group_size", "groups", "the number of processes in a group")
                .in("group", GROUP).out("size", INT)
                .impl((r, a) -> a.group(0).size());
        b.call("MPI_Group_rank", "groups", "the rank of the calling process in a group, or MPI_UNDEFINED")
                .in("group", GROUP).out("rank", INT)
                .impl((r, a) -> {
                    int i = a.group(0).rankOf(r.id());
                    return i < 0 ? MpiConst.UNDEFINED : i;
                });
        b.call("MPI_Group_incl", "groups", "a group of the listed members of another group, in the listed order")
                .in("group", GROUP).in("n", INT).in("ranks", INT_ARRAY).out("newgroup", GROUP)
                .impl((r, a) -> derived(a, () -> {
                    Group g = a.group(0);
                    int[] ranks = ranks(g, a.i(1), a.ints(2), "ranks");
                    int[] m = new int[ranks.length];
                    for (int i = 0; i < m.length; i++) m[i] = g.worldRank(ranks[i]);
                    return Group.create(r, m);
                }));
        b.call("MPI_Group_excl", "groups", "a group of the members of another group that are not listed")
                .in("group", GROUP).in("n", INT).in("ranks", INT_ARRAY).out("newgroup", GROUP)
                .impl((r, a) -> derived(a, () -> {
                    Group g = a.group(0);
                    int[] ranks = ranks(g, a.i(1), a.ints(2), "ranks");
                    boolean[] out = new boolean[g.size()];
                    for (int x : ranks) out[x] = true;
                    int[] m = new int[g.size() - ranks.length];
                    int j = 0;
                    for (int i = 0; i < g.size(); i++) if (!out[i]) m[j++] = g.worldRank(i);
                    return Group.create(r, m);
                }));
        b.call("MPI_Group_range_incl", "groups", "a group of the members of another group picked by rank ranges, in range order")
                .in("group", GROUP).in("n", INT).in("ranges", INT_ARRAY, "int ranges[][3]").out("newgroup", GROUP)
                .impl((r, a) -> derived(a, () -> {
                    Group g = a.group(0);
                    int[] ranks = GroupRanges.expand(g.size(), a.i(1), a.ints(2));
                    int[] m = new int[ranks.length];
                    for (int i = 0; i < m.length; i++) m[i] = g.worldRank(ranks[i]);
                    return Group.create(r, m);
                }));
        b.call("MPI_Group_range_excl", "groups", "a group of the members of another group outside the given rank ranges")
                .in("group", GROUP).in("n", INT).in("ranges", INT_ARRAY, "int ranges[][3]").out("newgroup", GROUP)
                .impl((r, a) -> derived(a, () -> {
                    Group g = a.group(0);
                    int[] ranks = GroupRanges.expand(g.size(), a.i(1), a.ints(2));
                    boolean[] out = new boolean[g.size()];
                    for (int x : ranks) out[x] = true;
                    int[] m = new int[g.size() - ranks.length];
                    int j = 0;
                    for (int i = 0; i < g.size(); i++) if (!out[i]) m[j++] = g.worldRank(i);
                    return Group.create(r, m);
                }));
        setOp(b, "MPI_Group_union", "the members of the first group, then those of the second not in the first", (x, y) -> {
            LinkedHashSet<Integer> s = set(x);
            s.addAll(set(y));
            return s;
        });
        setOp(b, "MPI_Group_intersection", "the members of the first group that are also in the second, in the first's order",
                (x, y) -> {
                    LinkedHashSet<Integer> s = set(x);
                    s.retainAll(set(y));
                    return s;
                });
        setOp(b, "MPI_Group_difference", "the members of the first group that are not in the second, in the first's order",
                (x, y) -> {
                    LinkedHashSet<Integer> s = set(x);
                    s.removeAll(set(y));
                    return s;
                });
        b.call("MPI_Group_translate_ranks", "groups", "the ranks in a second group of processes given by their ranks in a first")
                .in("group1", GROUP).in("n", INT).in("ranks1", INT_ARRAY).in("group2", GROUP).out("ranks2", INT_ARRAY)
                .impl((r, a) -> {
                    Group g1 = a.group(0), g2 = a.group(3);
                    int n = count(a.i(1), a.ints(2), "ranks1");
                    int[] in = a.ints(2), out = new int[n];
                    for (int i = 0; i < n; i++) {
                        int x = in[i];
                        if (x == MpiConst.PROC_NULL) { out[i] = MpiConst.PROC_NULL; continue; }
                        if (x < 0 || x >= g1.size()) {
                            throw new MpiException(ErrorClass.MPI_ERR_RANK, "ranks1[" + i + "] = " + x + " is not a rank of group1 (size " + g1.size() + ")");
                        }
                        int t = g2.rankOf(g1.worldRank(x));
                        out[i] = t < 0 ? MpiConst.UNDEFINED : t;
                    }
                    return out;
                });
        b.call("MPI_Group_compare", "groups", "MPI_IDENT, MPI_SIMILAR or MPI_UNEQUAL for two groups")
                .in("group1", GROUP).in("group2", GROUP).out("result", INT)
                .impl((r, a) -> Group.compare(a.group(0), a.group(1)));
        b.call("MPI_Group_free", "groups", "free a group handle")
                .inout("group", GROUP)
                .impl((r, a) -> {
                    Group g = a.group(0);
                    if (g != Group.EMPTY) {
                        if (g.isPredefined()) throw new MpiException(ErrorClass.MPI_ERR_GROUP, g.name() + " is predefined and cannot be freed");
                        g.markFreed();
                        MpiProcess.of(r).handles().remove(g);
                    }
                    return Handle.nullOf(HandleKind.GROUP);
                });
    }

    private static void setOp(Catalogue.Builder b, String name, String summary, BinaryOperator<Object> op) {
        b.call(name, "groups", summary)
                .in("group1", GROUP).in("group2", GROUP).out("newgroup", GROUP)
                .impl((r, a) -> derived(a, () -> {
                    @SuppressWarnings("unchecked")
                    LinkedHashSet<Integer> s = (LinkedHashSet<Integer>) op.apply(a.group(0), a.group(1));
                    return Group.create(r, s.stream().mapToInt(Integer::intValue).toArray());
                }));
    }

    /**
     * A group made from the call's input groups: it belongs to their session, if they come from one (MPI-4.1
     * section 11.3), so that a communicator made from it with MPI_Comm_create_from_group derives from that session
     * (its buffer, MPI_Session_attach_buffer, serves buffered sends there). mpish's choices, on MPI_Group_incl(3):
     * the call's errors go to the session's error handler, and two groups of different sessions, or of a session
     * and the world model, are not combined (MPI_ERR_GROUP); MPI_GROUP_EMPTY belongs to none and goes with any.
     */
    private static Object derived(Args a, java.util.function.Supplier<Object> make) {
        boolean two = a.call().inputs().size() > 1 && a.call().inputs().get(1).name().equals("group2");
        Group g1 = a.group(0), g2 = two ? a.group(1) : null;
        Handle session = g1 != Group.EMPTY ? g1.session() : g2 != null ? g2.session() : null;
        if (g2 != null && g1 != Group.EMPTY && g2 != Group.EMPTY && g1.session() != g2.session()) {
            throw new MpiException(ErrorClass.MPI_ERR_GROUP, "group1 " + from(g1.session()) + " and group2 " + from(g2.session())
                    + "; mpish combines only groups of one session, or of the world model")
                    .on(g1.session() != null ? g1.session() : g2.session());
        }
        try {
            Object out = make.get();
            if (out instanceof Group g) g.setSession(session); // MPI_GROUP_EMPTY keeps none
            return out;
        } catch (MpiException e) {
            throw session != null && e.raisedOn() == null ? e.on(session) : e;
        }
    }

    private static String from(Handle session) { return session == null ? "is of the world model" : "derives from " + session.name(); }

    private static LinkedHashSet<Integer> set(Object g) {
        LinkedHashSet<Integer> s = new LinkedHashSet<>();
        for (int m : ((Group) g).members()) s.add(m);
        return s;
    }


    private static int count(int n, int[] ranks, String param) {
        if (n < 0) throw new MpiException(ErrorClass.MPI_ERR_ARG, "n = " + n + " is negative");
        int have = ranks == null ? 0 : ranks.length;
        if (n > have) throw new MpiException(ErrorClass.MPI_ERR_ARG, "n = " + n + " but " + param + " has only " + have + " entries");
        return n;
    }

    /** The first n entries of ranks, each a distinct rank of g (MPI_ERR_RANK otherwise). */
    private static int[] ranks(Group g, int n, int[] ranks, String param) {
        count(n, ranks, param);
        boolean[] seen = new boolean[g.size()];
        for (int i = 0; i < n; i++) {
            int x = ranks[i];
            if (x < 0 || x >= g.size()) {
                throw new MpiException(ErrorClass.MPI_ERR_RANK, param + "[" + i + "] = " + x + " is not a rank of the group (size " + g.size() + ")");
            }
            if (seen[x]) throw new MpiException(ErrorClass.MPI_ERR_RANK, param + "[" + i + "] = " + x + " is listed twice");
            seen[x] = true;
        }
        return Arrays.copyOf(ranks, n);
    }

}
