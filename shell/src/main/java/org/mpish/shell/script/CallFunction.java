package org.mpish.shell.script;

import java.util.List;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.mpish.runtime.catalog.ArgError;
import org.mpish.runtime.catalog.Call;
import org.mpish.runtime.catalog.Catalogue;
import org.mpish.runtime.catalog.Invoker;
import org.mpish.runtime.catalog.Param;
import org.mpish.runtime.lapi.LapiException;
import org.mpish.runtime.mpi.MpiException;

/**
 * A catalogued call as a JavaScript function: arguments in C order without OUT parameters; one output is the
 * return value, several come back as an object keyed by the C parameter names.
 */
final class CallFunction implements ProxyExecutable {
    private final JsRank js;
    private final Call call;
    private final List<Param> inputs;
    private final String[] outputNames;

    CallFunction(JsRank js, Call call) {
        this.js = js;
        this.call = call;
        this.inputs = call.inputs();
        List<Param> outs = call.outputs();
        this.outputNames = outs.stream().map(Param::name).toArray(String[]::new);
    }

    @Override
    public Object execute(Value... arguments) {
        if (arguments.length > inputs.size()) {
            throw js.typeError(call.api() + "." + call.scriptName() + " takes " + inputs.size() + " argument"
                    + (inputs.size() == 1 ? "" : "s") + " (" + String.join(", ", inputs.stream().map(Param::name).toList())
                    + "), got " + arguments.length);
        }
        Object[] raw = new Object[inputs.size()];
        for (int i = 0; i < arguments.length; i++) raw[i] = js.argument(arguments[i], inputs.get(i).type());
        Object[] outs;
        try {
            outs = Invoker.invoke(js.rank(), Catalogue.get(), call, raw);
        } catch (ArgError e) {
            throw js.typeError(call.api() + "." + call.scriptName() + ": " + e.getMessage());
        } catch (MpiException e) {
            throw js.mpiError(e);
        } catch (LapiException e) {
            throw js.lapiError(e.at(call.name(), js.rank().id()));
        }
        if (outs.length == 0) return null;
        if (outs.length == 1) return js.toJs(outs[0]);
        return js.object(outputNames, outs);
    }
}
