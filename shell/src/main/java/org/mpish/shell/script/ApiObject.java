package org.mpish.shell.script;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.mpish.runtime.Rank;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Constant;

/**
 * The host side of the MPI or LAPI global: that API's calls and constants from the catalogue, resolved for one
 * rank. The prelude's script object asks it for a member the first time a script uses it.
 */
final class ApiObject implements ProxyObject {
    private final String api;
    private final Rank rank;
    /** Set once the prelude has run (its factories make the script values); members are only asked for after. */
    private JsValues values;
    private final Map<String, Object> members = new ConcurrentHashMap<>();
    private final Map<String, Call> calls;
    private final Map<String, Constant> constants;
    private final String keyList;

    /** The members of one API of one catalogue: the same for every rank, so made once (not per context). */
    private record Members(Map<String, Call> calls, Map<String, Constant> constants, String keyList) {}

    private static final Map<Catalogue, Map<String, Members>> MEMBERS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    ApiObject(String api, Catalogue catalogue, Rank rank) {
        this.api = api;
        this.rank = rank;
        Members m = MEMBERS.computeIfAbsent(catalogue, c -> new ConcurrentHashMap<>()).computeIfAbsent(api, a -> members(catalogue, a));
        this.calls = m.calls();
        this.constants = m.constants();
        this.keyList = m.keyList();
    }

    private static Members members(Catalogue catalogue, String api) {
        Map<String, Call> calls = new LinkedHashMap<>();
        Map<String, Constant> constants = new LinkedHashMap<>();
        for (Call c : ScriptApi.calls(catalogue, api)) calls.put(c.scriptName(), c);
        for (Constant c : ScriptApi.constants(catalogue, api)) constants.put(c.scriptName(), c);
        List<String> keys = new ArrayList<>(calls.keySet());
        keys.addAll(constants.keySet());
        return new Members(java.util.Collections.unmodifiableMap(calls), java.util.Collections.unmodifiableMap(constants),
                String.join(",", keys));
    }

    /** {@link #keys} joined by commas. */
    String keyList() { return keyList; }

    void attach(JsValues v) { values = v; }

    @Override
    public Object getMember(String key) {
        Object m = members.get(key);
        if (m != null) return m;
        Call c = calls.get(key);
        if (c != null) m = new CallFunction(values, rank, c);
        else {
            Constant k = constants.get(key);
            if (k == null) return null;
            // a job on a native engine has that library's handles and numbers
            m = values.toJs(rank.job().engine() instanceof org.mpish.runtime.catalog.Engine e ? e.constant(rank, k) : k.value().apply(rank));
        }
        members.put(key, m);
        return m;
    }

    /** The number of arguments of call {@code key}, -1 for a constant, -2 for no such member. */
    int arity(String key) {
        Call c = calls.get(key);
        if (c != null) return c.inputs().size();
        return constants.containsKey(key) ? -1 : -2;
    }

    /** The script names of every call, then every constant, in catalogue order. */
    List<String> keys() {
        List<String> keys = new ArrayList<>(calls.keySet());
        keys.addAll(constants.keySet());
        return keys;
    }

    @Override public Object getMemberKeys() { return ProxyArray.fromList(List.copyOf(keys())); }

    @Override public boolean hasMember(String key) { return calls.containsKey(key) || constants.containsKey(key); }

    @Override public void putMember(String key, Value value) {
        throw new UnsupportedOperationException(api + "." + key + " cannot be assigned");
    }
}
