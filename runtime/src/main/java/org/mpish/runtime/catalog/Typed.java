package org.mpish.runtime.catalog;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpish.runtime.Job;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiProcess;

/**
 * Calls declared with a typed body ({@link Catalogue.CallBuilder#typed}): a lambda of the declaration's own
 * functional interface whose parameters are the call's inputs as {@code int}, {@code long}, handles and values,
 * no {@code Object[]} and no {@link Args}. From that one body this class makes both ways in:
 * <ul>
 * <li>the call's {@link CallImpl} (the shell, scripts, {@link Invoker}): each parameter read from {@code Args}
 *     as the body's type asks ({@code Args.i}, {@code Args.l}, a live handle through {@code Args.valid}),
 *     composed on the first call and kept in a class of the body's own ({@link ArgsBody}), where the JIT takes
 *     it as a constant;</li>
 * <li>its typed entry ({@link CallHandle#typed}): a method handle taking the inputs as the declaration types
 *     them (an int parameter as {@code int}, a long or an address as {@code long}, a handle or a value as
 *     {@code Object}), with the Invoker's steps built around the body out of method-handle combinators, so a
 *     caller that keeps it in a {@code static final} field and calls {@code invokeExact} gets the whole call
 *     compiled into its own code, nothing boxed or allocated on the way.</li>
 * </ul>
 * The typed entry's steps, in the Invoker's order: when the job has a native engine, traces or records, or is an
 * explored schedule, or when a handle argument is not yet a handle of its parameter's kind (a name to look up, a
 * wrong kind), the arguments are boxed and the call goes the {@code Object[]} way, which does every step;
 * otherwise the call number is entered, MPI's initialised check runs, each handle the body takes as a live
 * object is checked (null or freed: the kind's error class, as {@code Args.valid}), the body runs, an exception
 * goes to {@link Invoker#failure} (the error handler of the call's object), and the previous call number is
 * restored.
 */
final class Typed {
    private Typed() {}

    private static final MethodHandles.Lookup L = MethodHandles.lookup();
    private static final MethodHandle ARGS_I, ARGS_L, ARGS_D, ARGS_BOOL, ARGS_OBJ, ARGS_VALID, PLAIN, IS_KIND, LIVE, ENTER,
            EXIT, CHECK_STATE, FAIL, INVOKE, FIRST, NARROW;

    static {
        try {
            ARGS_I = L.findVirtual(Args.class, "i", MethodType.methodType(int.class, int.class));
            ARGS_L = L.findVirtual(Args.class, "l", MethodType.methodType(long.class, int.class));
            ARGS_D = L.findVirtual(Args.class, "d", MethodType.methodType(double.class, int.class));
            ARGS_BOOL = L.findVirtual(Args.class, "bool", MethodType.methodType(boolean.class, int.class));
            ARGS_OBJ = L.findVirtual(Args.class, "obj", MethodType.methodType(Object.class, int.class));
            ARGS_VALID = L.findVirtual(Args.class, "valid", MethodType.methodType(Handle.class, int.class));
            PLAIN = L.findStatic(Typed.class, "plain", MethodType.methodType(boolean.class, Rank.class));
            IS_KIND = L.findStatic(Typed.class, "isKind", MethodType.methodType(boolean.class, HandleKind.class, Object.class));
            LIVE = L.findStatic(Typed.class, "live", MethodType.methodType(Handle.class, Param.class, Object.class));
            ENTER = L.findStatic(Typed.class, "enter", MethodType.methodType(int.class, int.class, Rank.class));
            EXIT = L.findStatic(Typed.class, "exit", MethodType.methodType(void.class, Throwable.class, int.class, Rank.class));
            CHECK_STATE = L.findStatic(Typed.class, "checkState", MethodType.methodType(void.class, Call.class, Rank.class));
            FAIL = L.findStatic(Typed.class, "fail", MethodType.methodType(Object.class, Call.class, RuntimeException.class, Rank.class, Object.class));
            INVOKE = L.findVirtual(CallHandle.class, "invoke", MethodType.methodType(Object[].class, Rank.class, Object[].class)).asFixedArity();
            FIRST = L.findStatic(Typed.class, "first", MethodType.methodType(Object.class, Object[].class));
            NARROW = L.findVirtual(LargeCounts.IntForm.class, "narrowOutputs", MethodType.methodType(Object.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The body of a typed declaration: its interface's one method bound to the lambda, (Rank, inputs...) result. Its
     * type is known at once (the declaration is checked against it); the method handle is made on first use, since
     * making one for every typed call while the catalogue is declared spins dozens of classes at start-up.
     */
    static final class Body {
        private final String call;
        private final Class<?> shape;
        private final Object lambda;
        private final Method sam;
        private final MethodType type;
        private MethodHandle handle;
        private CallImpl argsBody;

        private Body(String call, Class<?> shape, Object lambda, Method sam) {
            this.call = call;
            this.shape = shape;
            this.lambda = lambda;
            this.sam = sam;
            this.type = MethodType.methodType(sam.getReturnType(), sam.getParameterTypes());
        }

        MethodType type() {
            return type;
        }

        /** A race only makes the handle twice. */
        MethodHandle handle() {
            MethodHandle h = handle;
            if (h == null) {
                try {
                    // the shape may be package-private to its declaration: a lookup in its own class reaches it
                    handle = h = MethodHandles.privateLookupIn(shape, L).unreflect(sam).bindTo(lambda);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(call + ": cannot reach " + shape.getName(), e);
                }
            }
            return h;
        }

        /** The {@code Object[]} way into this body, made on first use (a race only makes it twice). */
        CallImpl argsBody() {
            CallImpl a = argsBody;
            if (a == null) argsBody = a = Typed.argsBody(this);
            return a;
        }
    }

    /** The body of a typed declaration; fails the declaration when {@code shape} is not a functional interface taking a Rank first. */
    static <T> Body body(String call, Class<T> shape, T lambda) {
        Method sam = null;
        for (Method m : shape.getMethods()) {
            if (!Modifier.isAbstract(m.getModifiers())) continue;
            if (sam != null) throw new IllegalStateException(call + ": " + shape.getName() + " has more than one abstract method");
            sam = m;
        }
        if (!shape.isInterface() || sam == null) throw new IllegalStateException(call + ": " + shape.getName() + " is not a functional interface");
        if (sam.getParameterCount() == 0 || sam.getParameterTypes()[0] != Rank.class) {
            throw new IllegalStateException(call + ": the typed body's first parameter is the Rank");
        }
        return new Body(call, shape, shape.cast(lambda), sam);
    }

    /** The parameter types a typed entry takes for {@code p}: int, long, double, boolean, or Object. */
    static Class<?> entryType(Param p) {
        return switch (p.type().kind()) {
            case INT -> int.class;
            case LONG, ADDR -> long.class;
            case DOUBLE -> double.class;
            case BOOL -> boolean.class;
            case HANDLE, VALUE -> Object.class;
            default -> throw new IllegalStateException(p.name() + ": a typed body takes ints, longs, addresses, doubles, flags,"
                    + " handles and values; " + p.type().kind() + " goes through Args (declare the call with impl)");
        };
    }

    /** A handle the body takes as a live object of its kind: any reference type but {@code Handle} and {@code Object}. */
    private static boolean live(Class<?> bodyType) {
        return !bodyType.isPrimitive() && bodyType != Object.class && bodyType != Handle.class;
    }

    /** Checks that {@code body} fits {@code call}'s inputs and outputs; fails the declaration if it does not. */
    static void check(Call call, Body body) {
        MethodType t = body.type();
        List<Param> in = call.inputs();
        if (t.parameterCount() != in.size() + 1) {
            throw new IllegalStateException(call.name() + ": the typed body takes " + (t.parameterCount() - 1) + " inputs, the call declares " + in.size());
        }
        for (int i = 0; i < in.size(); i++) {
            Class<?> e = entryType(in.get(i)), b = t.parameterType(i + 1);
            boolean fits = e == b || e == int.class && b == long.class || e == Object.class && !b.isPrimitive();
            if (!fits) throw new IllegalStateException(call.name() + ": input " + in.get(i).name() + " is " + e + ", the typed body takes " + b);
            if (live(b) && in.get(i).type().kind() != PType.Kind.HANDLE) {
                throw new IllegalStateException(call.name() + ": input " + in.get(i).name() + " is a value: the typed body takes it as Object");
            }
        }
        Class<?> r = t.returnType();
        if (call.outputCount() > 0 && r == void.class) throw new IllegalStateException(call.name() + ": declares outputs, but the typed body returns nothing");
        if (call.outputCount() == 0 && r != void.class && !call.returnsResult()) throw new IllegalStateException(call.name() + ": no outputs, but the typed body returns " + r);
        if (call.outputCount() > 1 && r != Object[].class) throw new IllegalStateException(call.name() + ": several outputs come as an Object[]");
        if (call.intForm() != null && call.intForm().narrowsOutputs() && r.isPrimitive()) {
            throw new IllegalStateException(call.name() + ": an output the int form narrows is returned boxed");
        }
    }

    /**
     * The {@code Object[]} way: the body with its parameters read from {@code Args}. Built on the first call, not
     * when the catalogue is declared: composing the handles for every typed call at once added about 0.17 s to the
     * start of {@code mpish -c}, which runs one call.
     */
    static CallImpl impl(Body body) {
        return new FromArgs(body);
    }

    private static MethodHandle fromArgs(MethodHandle body) {
        MethodType t = body.type();
        int n = t.parameterCount() - 1;
        MethodHandle[] get = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            Class<?> b = t.parameterType(i + 1);
            MethodHandle g = b == int.class ? ARGS_I : b == long.class ? ARGS_L : b == double.class ? ARGS_D
                    : b == boolean.class ? ARGS_BOOL : live(b) ? ARGS_VALID : ARGS_OBJ;
            get[i] = MethodHandles.insertArguments(g, 1, i).asType(MethodType.methodType(b, Args.class));
        }
        MethodHandle m = MethodHandles.filterArguments(body, 1, get);
        int[] order = new int[n + 1];
        Arrays.fill(order, 1);
        order[0] = 0;
        m = MethodHandles.permuteArguments(m, MethodType.methodType(t.returnType(), Rank.class, Args.class), order);
        return m.asType(MethodType.methodType(Object.class, Rank.class, Args.class));
    }

    /**
     * ArgsBody's bytes, loaded again for each typed body (see there why); null where they cannot be read. Read on
     * the first Object[] call of a typed body, not when the catalogue is declared (a holder class, no lock).
     */
    private static final class Template {
        static final String ARGS_BODY = Invokers.bytesOf(ArgsBody.class);
    }

    /** The {@code Object[]} way into {@code body}: its own copy of {@link ArgsBody} around the composed handle. */
    private static CallImpl argsBody(Body body) {
        MethodHandle m = fromArgs(body.handle());
        String bytes = Template.ARGS_BODY;
        if (bytes == null) return new FromHandle(m);
        try {
            MethodHandles.Lookup copy = L.defineHiddenClassWithClassData(bytes.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), m, true);
            return (CallImpl) copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make the Object[] way of " + body.call, e);
        }
    }

    /** The composed handle called from a field, where ArgsBody cannot be copied: right, but not inlined. */
    private record FromHandle(MethodHandle m) implements CallImpl {
        @Override public Object invoke(Rank rank, Args args) {
            try {
                return (Object) m.invokeExact(rank, args);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * What the declaration holds as the call's implementation: the body's own {@link ArgsBody} copy, made on the
     * first call ({@link Call#body} hands that copy to the call's invoker directly, so this indirection is only
     * for other holders of the implementation).
     */
    private static final class FromArgs implements CallImpl {
        private final Body body;

        FromArgs(Body body) {
            this.body = body;
        }

        @Override public Object invoke(Rank rank, Args args) {
            return body.argsBody().invoke(rank, args);
        }
    }

    /** The typed entry of {@code call}, whose own handle is {@code h}; see the class comment for its steps. */
    static MethodHandle entry(Call call, CallHandle h) {
        MethodHandle body = call.typedBody();
        if (body == null) return null;
        List<Param> in = call.inputs();
        int n = in.size();
        Class<?>[] entry = new Class<?>[n + 1];
        entry[0] = Rank.class;
        for (int i = 0; i < n; i++) entry[i + 1] = entryType(in.get(i));
        Class<?> br = body.type().returnType();
        Class<?> r = br.isPrimitive() || br == Object[].class ? br : Object.class; // no engine class in the entry's type
        MethodType type = MethodType.methodType(r, entry);

        // the body, its live handles checked (null or freed: the kind's class), then the initialised check before it
        MethodHandle[] filters = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            Class<?> b = body.type().parameterType(i + 1);
            if (live(b)) filters[i] = MethodHandles.insertArguments(LIVE, 0, in.get(i)).asType(MethodType.methodType(b, Object.class));
        }
        MethodHandle m = MethodHandles.filterArguments(body, 1, filters);
        if (call.intForm() != null && call.intForm().narrowsOutputs()) {
            m = MethodHandles.filterReturnValue(m.asType(m.type().changeReturnType(Object.class)), NARROW.bindTo(call.intForm()));
        }
        m = m.asType(type);
        if (call.isMpi() && !call.alwaysAllowed()) m = MethodHandles.foldArguments(m, CHECK_STATE.bindTo(call));

        // an exception goes to the error handler of the call's object (Invoker.failure)
        MethodHandle fail = MethodHandles.insertArguments(FAIL, 0, call); // (RuntimeException, Rank, Object)Object
        int err = call.errorInput();
        if (err >= 0) {
            List<Class<?>> before = new ArrayList<>(type.parameterList().subList(1, 1 + err));
            fail = MethodHandles.dropArguments(fail, 2, before); // (RuntimeException, Rank, p0..p(err-1), Object)
        } else {
            fail = MethodHandles.insertArguments(fail, 2, (Object) null);
        }
        fail = fail.asType(fail.type().changeReturnType(r));
        m = MethodHandles.catchException(m, RuntimeException.class, fail);

        // the call number entered before and restored after, however the call ends
        m = MethodHandles.dropArguments(m, 0, int.class);
        MethodHandle exit = r == void.class ? EXIT
                : MethodHandles.foldArguments(MethodHandles.dropArguments(MethodHandles.dropArguments(MethodHandles.identity(r), 1, int.class, Rank.class), 0, Throwable.class),
                        MethodHandles.dropArguments(EXIT, 1, r));
        m = MethodHandles.tryFinally(m, exit);
        m = MethodHandles.foldArguments(m, MethodHandles.insertArguments(ENTER, 0, call.number()));

        // anything unusual goes the Object[] way, which does every step
        MethodHandle slow = INVOKE.bindTo(h).asCollector(Object[].class, n).asType(type.changeReturnType(Object[].class));
        if (r == void.class) slow = slow.asType(type);
        else if (r != Object[].class) slow = MethodHandles.filterReturnValue(slow, FIRST).asType(type);
        for (int i = n - 1; i >= 0; i--) {
            HandleKind k = in.get(i).type().handleKind();
            if (in.get(i).type().kind() != PType.Kind.HANDLE) continue;
            MethodHandle test = MethodHandles.dropArguments(IS_KIND.bindTo(k), 0, type.parameterList().subList(0, i + 1));
            m = MethodHandles.guardWithTest(test, m, slow);
        }
        return MethodHandles.guardWithTest(PLAIN, m, slow);
    }

    // ---- the steps -----------------------------------------------------------------------------

    /** No native engine, no tracing or recording, no explored schedule: the short path may run. */
    static boolean plain(Rank r) {
        Job job = r.job();
        return job.engine() == null && !job.tracing() && job.controller() == null;
    }

    static boolean isKind(HandleKind k, Object raw) { return raw instanceof Handle h && h.kind() == k; }

    static Handle live(Param p, Object raw) { return Args.valid(p, (Handle) raw); }

    static int enter(int number, Rank r) {
        int previous = r.currentCallNumber();
        r.enter(number);
        return previous;
    }

    static void exit(Throwable t, int previous, Rank r) { r.enter(previous); }

    static void checkState(Call call, Rank r) { Invoker.checkState(MpiProcess.of(r), call); }

    static Object fail(Call call, RuntimeException e, Rank r, Object errorObject) {
        throw Invoker.failure(call.isMpi() ? MpiProcess.of(r) : null, errorObject instanceof Handle h ? h : null, call, e);
    }

    static Object first(Object[] outputs) { return outputs.length == 0 ? null : outputs[0]; }

}
