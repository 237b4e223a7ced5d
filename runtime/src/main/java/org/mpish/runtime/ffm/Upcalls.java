package org.mpish.runtime.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.IdentityHashMap;
import java.util.Map;
import org.mpish.runtime.Callback;
import org.mpish.runtime.CallbackFailure;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.mpi.ErrorClass;
import org.mpish.runtime.mpi.Handle;
import org.mpish.runtime.mpi.HandleKind;
import org.mpish.runtime.mpi.MpiException;
import org.mpish.runtime.mpi.Status;

/**
 * Script functions the library calls back (upcalls): attribute copy and delete functions, error handlers,
 * user reduction functions and generalized requests' query, free and cancel functions, each with the C signature of its typedef. They run on the thread that made the call,
 * which is the rank's own, so the script's context is the right one. Nothing thrown may cross the library's
 * frames: a failure becomes the error code the C function returns, or (for a function returning void) is kept and
 * raised once the call is back.
 */
final class Upcalls {
    private final NativeEngine engine;
    private final Map<String, Map<Callback, MemorySegment>> stubs = new java.util.HashMap<>();
    private RuntimeException pending;
    /** The rank the upcalls run for (the process's one rank); set by the first call. */
    Rank rank;

    Upcalls(NativeEngine engine) { this.engine = engine; }

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    synchronized MemorySegment stub(String cType, Callback cb) {
        String type = cType.replace("*", "").strip();
        return stubs.computeIfAbsent(type, t -> new IdentityHashMap<>()).computeIfAbsent(cb, c -> make(type, c));
    }

    private MemorySegment make(String type, Callback cb) {
        NativeLib lib = engine.lib;
        try {
            HandleKind k = type.startsWith("MPI_Win") ? HandleKind.WIN : type.startsWith("MPI_Type") ? HandleKind.DATATYPE : HandleKind.COMM;
            ValueLayout hl = lib.handleLayout(k);
            Class<?> hc = hl == ValueLayout.JAVA_INT ? int.class : long.class;
            MethodHandle target;
            FunctionDescriptor fd;
            switch (type) {
                case "MPI_Comm_copy_attr_function", "MPI_Win_copy_attr_function", "MPI_Type_copy_attr_function", "MPI_Copy_function" -> {
                    fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, hl, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "copy", MethodType.methodType(int.class, Callback.class, HandleKind.class,
                            long.class, int.class, MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb, k);
                    target = MethodHandles.explicitCastArguments(target, target.type().changeParameterType(0, hc));
                }
                case "MPI_Comm_delete_attr_function", "MPI_Win_delete_attr_function", "MPI_Type_delete_attr_function", "MPI_Delete_function" -> {
                    fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, hl, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "delete", MethodType.methodType(int.class, Callback.class, HandleKind.class,
                            long.class, int.class, MemorySegment.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb, k);
                    target = MethodHandles.explicitCastArguments(target, target.type().changeParameterType(0, hc));
                }
                case "MPI_Comm_errhandler_function", "MPI_Win_errhandler_function" -> {
                    fd = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "errhandler", MethodType.methodType(void.class, Callback.class,
                            HandleKind.class, MemorySegment.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb, k);
                }
                case "MPI_User_function" -> {
                    fd = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "userFn", MethodType.methodType(void.class, Callback.class,
                            MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb);
                }
                case "MPI_Grequest_query_function" -> {
                    fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "grequestQuery", MethodType.methodType(int.class, Callback.class,
                            MemorySegment.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb);
                }
                case "MPI_Grequest_free_function" -> {
                    fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
                    target = LOOKUP.findVirtual(Upcalls.class, "grequestFree", MethodType.methodType(int.class, Callback.class, MemorySegment.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb);
                }
                case "MPI_Grequest_cancel_function" -> {
                    fd = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
                    target = LOOKUP.findVirtual(Upcalls.class, "grequestCancel", MethodType.methodType(int.class, Callback.class,
                            MemorySegment.class, int.class));
                    target = MethodHandles.insertArguments(target, 0, this, cb);
                }
                default -> throw new IllegalArgumentException("the native engine cannot call back a " + type + " yet");
            }
            return lib.linker.upcallStub(target, fd, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Raises what an upcall of the call that just returned threw (once). */
    void rethrowPending() {
        RuntimeException p = pending;
        if (p == null) return;
        pending = null;
        throw p;
    }

    private int failed(Throwable t) {
        if (t instanceof CallbackFailure f) {
            return engine.errors().toNative(f.explicitCode() ? f.code() : ErrorClass.MPI_ERR_OTHER);
        }
        if (pending == null) pending = t instanceof RuntimeException r ? r : new IllegalStateException(t);
        return engine.errors().toNative(ErrorClass.MPI_ERR_OTHER);
    }

    private void keep(Throwable t) {
        if (pending != null) return;
        if (t instanceof CallbackFailure f) {
            pending = new MpiException(f.explicitCode() ? f.code() : ErrorClass.MPI_ERR_OTHER,
                    f.explicitCode() ? ErrorClass.MPI_ERR_OTHER : ErrorClass.MPI_ERR_OTHER, "a callback failed: " + f.getMessage());
        } else {
            pending = t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }

    // ---- the upcalls (called by the library) ------------------------------------------------------

    int copy(Callback cb, HandleKind k, long obj, int keyval, MemorySegment extra, MemorySegment in, MemorySegment out, MemorySegment flag) {
        try {
            Handle o = engine.lib.handle(k, obj);
            Handle kv = engine.lib.handle(HandleKind.KEYVAL, keyval);
            Object r = cb.call(o, kv, engine.values.value(extra.address()), engine.values.value(in.address()));
            MemorySegment f = flag.reinterpret(4), v = out.reinterpret(8);
            if (r == Callback.UNDEFINED) {
                f.set(ValueLayout.JAVA_INT, 0, 0);
            } else {
                v.set(ValueLayout.JAVA_LONG, 0, engine.values.id(r));
                f.set(ValueLayout.JAVA_INT, 0, 1);
            }
            return 0;
        } catch (Throwable t) {
            return failed(t);
        }
    }

    int delete(Callback cb, HandleKind k, long obj, int keyval, MemorySegment value, MemorySegment extra) {
        try {
            cb.call(engine.lib.handle(k, obj), engine.lib.handle(HandleKind.KEYVAL, keyval), engine.values.value(value.address()),
                    engine.values.value(extra.address()));
            return 0;
        } catch (Throwable t) {
            return failed(t);
        }
    }

    void errhandler(Callback cb, HandleKind k, MemorySegment obj, MemorySegment code) {
        try {
            ValueLayout hl = engine.lib.handleLayout(k);
            MemorySegment o = obj.reinterpret(8);
            long raw = hl == ValueLayout.JAVA_INT ? o.get(ValueLayout.JAVA_INT, 0) : o.get(ValueLayout.JAVA_LONG, 0);
            int c = code.reinterpret(4).get(ValueLayout.JAVA_INT, 0);
            cb.call(engine.lib.handle(k, raw), (long) engine.errors().toMpish(c));
        } catch (Throwable t) {
            keep(t);
        }
    }

    void userFn(Callback cb, MemorySegment in, MemorySegment inout, MemorySegment len, MemorySegment type) {
        Memory m = rank.memory();
        long a = -1, b = -1;
        try {
            int n = len.reinterpret(4).get(ValueLayout.JAVA_INT, 0);
            ValueLayout hl = engine.lib.handleLayout(HandleKind.DATATYPE);
            MemorySegment t = type.reinterpret(8);
            long raw = hl == ValueLayout.JAVA_INT ? t.get(ValueLayout.JAVA_INT, 0) : t.get(ValueLayout.JAVA_LONG, 0);
            Handle dt = engine.lib.handle(HandleKind.DATATYPE, raw);
            long bytes = (long) n * extent(raw);
            // the library's buffers, seen by the script at checked addresses of its own memory for the time of the call
            a = m.map(in.reinterpret(Math.max(bytes, 1)), 0);
            b = m.map(inout.reinterpret(Math.max(bytes, 1)), 0);
            cb.call(a, b, n, dt);
        } catch (Throwable x) {
            keep(x);
        } finally {
            try {
                if (a >= 0) m.unmap(a);
                if (b >= 0) m.unmap(b);
            } catch (Throwable ignored) {
                // never thrown into the library
            }
        }
    }

    /*
     * A generalized request's three functions (MPI-4.1 section 13.2), as in-process: query_fn gets the extra state and
     * a status to fill in (the fields it assigns are read back, or it returns a status, as MPI_Status_set_elements
     * does), which goes into the library's status; each returns an error code (a number; anything else is success).
     */

    int grequestQuery(Callback cb, MemorySegment extra, MemorySegment status) {
        try {
            java.util.Map<String, Object> fields = Status.EMPTY.toMap();
            Object r = cb.callStructured(engine.values.value(extra.address()), fields);
            Status st = r instanceof Status s ? s
                    : r instanceof java.util.Map<?, ?> m ? Status.coerce(rank, "the status query_fn returned", m)
                    : Status.coerce(rank, "status", fields);
            engine.writeStatus(status.reinterpret(engine.lib.abi.statusSize), st);
            return code(r);
        } catch (Throwable t) {
            return failed(t);
        }
    }

    int grequestFree(Callback cb, MemorySegment extra) {
        try {
            return code(cb.call(engine.values.value(extra.address())));
        } catch (Throwable t) {
            return failed(t);
        }
    }

    int grequestCancel(Callback cb, MemorySegment extra, int complete) {
        try {
            return code(cb.call(engine.values.value(extra.address()), complete != 0));
        } catch (Throwable t) {
            return failed(t);
        }
    }

    /** A callback's result as the library's error code: a number is a code in mpish's numbering; anything else success. */
    private int code(Object result) {
        return result instanceof Number n ? engine.errors().toNative(n.intValue()) : 0;
    }

    private long extent(long typeRaw) {
        try (Arena ar = Arena.ofConfined()) {
            MemorySegment lb = ar.allocate(8), ext = ar.allocate(8);
            engine.call("MPI_Type_get_extent", FunctionDescriptor.of(ValueLayout.JAVA_INT, engine.lib.handleLayout(HandleKind.DATATYPE),
                    ValueLayout.ADDRESS, ValueLayout.ADDRESS), engine.handleArg(HandleKind.DATATYPE, typeRaw), lb, ext);
            return ext.get(ValueLayout.JAVA_LONG, 0);
        }
    }
}
