package org.mpish.shell.script;

import org.graalvm.polyglot.Value;
import org.mpish.runtime.mpi.Handle;

/** How print() shows a value that is not a string: handles by name, everything else as JavaScript shows it. */
final class Show {
    private Show() {}

    static String value(Value v) {
        if (v.isHostObject()) {
            Object o = v.asHostObject();
            return o instanceof Handle h ? h.name() : String.valueOf(o);
        }
        if (v.isNumber() && v.fitsInLong()) return Long.toString(v.asLong());
        return v.toString();
    }
}
