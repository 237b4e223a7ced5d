package org.mpish.runtime.inspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.MpiProcess;
import org.mpish.runtime.mpi.attr.Attributable;
import org.mpish.runtime.mpi.attr.Attributes;
import org.mpish.runtime.mpi.attr.Keyval;

/**
 * The attributes cached on one communicator, window or datatype, in the order they were set. A value that is
 * an MPI handle appears as its {@link HandleSnapshot}; any other value as it is (a number, mostly).
 */
public record AttributeSnapshot(String object, List<Attribute> attributes) {
    public AttributeSnapshot {
        attributes = List.copyOf(attributes);
    }

    /** One attribute: its keyval (name and number), its value, and the keyval's copy and delete callbacks (null: none). */
    public record Attribute(String keyval, int keyvalValue, Object value, String copy, String delete) {}

    /**
     * A keyval of the rank: name, number, the kind of object it is for ("comm", "win", "type"), its callbacks
     * (null: none), its extra state, whether the user freed it, how many objects still use it, whether predefined.
     */
    public record KeyvalInfo(String name, int value, String objectKind, String copy, String delete, Object extraState,
            boolean userFreed, int references, boolean predefined) {}

    /**
     * The attributes on {@code object}: a value the caller already resolved (a predefined constant such as
     * MPI_COMM_WORLD; null when it is not one), else the rank's handle named {@code name}.
     *
     * @throws IllegalArgumentException when neither names a communicator, window or datatype
     */
    public static AttributeSnapshot of(Rank r, String name, Object object) {
        Object o = object != null ? object : MpiProcess.of(r).handles().lookup(name);
        if (!(o instanceof Attributable a)) {
            throw new IllegalArgumentException("'" + name + "' is not a communicator, window or datatype of rank " + r.id());
        }
        List<Attribute> out = new ArrayList<>();
        for (Map.Entry<Keyval, Object> e : a.attributeMap().entrySet()) {
            Keyval k = e.getKey();
            out.add(new Attribute(k.name(), k.value(), shown(e.getValue()), k.copyFn() == null ? null : k.copyFn().describe(),
                    k.deleteFn() == null ? null : k.deleteFn().describe()));
        }
        return new AttributeSnapshot(a.name(), out);
    }

    /** The rank's keyvals by number, predefined ones included. */
    public static List<KeyvalInfo> keyvals(Rank r) {
        List<KeyvalInfo> out = new ArrayList<>();
        for (Keyval k : Attributes.keyvals(MpiProcess.of(r)).values()) {
            out.add(new KeyvalInfo(k.name(), k.value(), k.objectKind().prefix(), k.copyFn() == null ? null : k.copyFn().describe(),
                    k.deleteFn() == null ? null : k.deleteFn().describe(), shown(k.extraState()), k.userFreed(), k.references(),
                    k.isPredefined()));
        }
        return out;
    }

    private static Object shown(Object v) { return v instanceof Handle h ? HandleSnapshot.of(h) : v; }
}
