package org.mpish.shell.script;

import org.graalvm.polyglot.Value;
import org.mpish.runtime.ObjectHandle;

/** How print() shows a value that is not a string: handles by name, everything else as JavaScript shows it. */
final class Show {
    private Show() {}

    /** The display of a host object (a handle by its name, a predefined callback by its C name), or null. */
    static String value(Value v) {
        if (!v.isHostObject()) return null;
        Object o = v.asHostObject();
        return o instanceof ObjectHandle h ? h.name() : String.valueOf(o);
    }
}
