package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.DGSM_CONTROL;
import static org.mpish.runtime.lapi.LapiConst.DGSM_COPY;
import static org.mpish.runtime.lapi.LapiConst.DGSM_GOSUB;
import static org.mpish.runtime.lapi.LapiConst.DGSM_ITERATE;
import static org.mpish.runtime.lapi.LapiConst.DGSM_MCOPY;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.mpish.runtime.Callback;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;

/**
 * Runs a DGSP (L65, interpreter rules [inf], documented in LAPI_Util(3)): the program walks one instance of the
 * layout from base offset 0. COPY moves {@code bytes} at base+{@code offset}; MCOPY moves each (disp, len) block;
 * GOSUB runs the instructions at relative location {@code to_loc} {@code reps} times, the i-th time with base
 * moved by offset + i*stride, then continues at {@code ret_loc}; an ITERATE inside a GOSUB ends one repetition,
 * at top level it ends the instance: base advances by {@code extent} and execution goes on at {@code iter_loc}.
 * CONTROL with an operation other than LAPI_DGSM_NO_CTL makes later copies of a scatter combine through the
 * registered DDM function. The walk stops when the requested number of stream bytes has been moved.
 */
final class DgspMachine {
    private DgspMachine() {}

    private static final long MAX_STEPS = 50_000_000L;

    /** One contiguous block of the layout, at buffer offset {@code off}, {@code len} bytes, under a CONTROL setting. */
    interface Sink {
        void block(long off, long len, long streamPos, int operation, int operand);
    }

    private record Frame(int gosubPc, long reps, long base0, long offset, long stride, int to, int ret, long[] i) {}

    /** Walks the layout for stream bytes [0, limit), or for {@code instances} whole instances, handing each block to {@code sink}. */
    static long walk(Dgsp d, long limit, long instances, Sink sink) {
        long[] code = d.code;
        long stream = 0, base = 0, instance = 0, steps = 0, atInstanceStart = 0;
        int pc = 0, operation = LapiConst.DGSM_NO_CTL, operand = 0;
        ArrayDeque<Frame> stack = new ArrayDeque<>();
        while (stream < limit && instance < instances) {
            if (++steps > MAX_STEPS) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "the program did not finish in " + MAX_STEPS + " steps");
            int op = (int) code[pc];
            switch (op) {
                case DGSM_COPY -> {
                    long n = Math.min(code[pc + 1], limit - stream);
                    if (n > 0) sink.block(base + code[pc + 2], n, stream, operation, operand);
                    stream += n;
                    pc += LapiConst.DGSM_COPY_SIZE;
                }
                case DGSM_MCOPY -> {
                    long count = code[pc + 1];
                    for (int b = 0; b < count && stream < limit; b++) {
                        long n = Math.min(code[pc + 3 + 2 * b], limit - stream);
                        if (n > 0) sink.block(base + code[pc + 2 + 2 * b], n, stream, operation, operand);
                        stream += n;
                    }
                    pc += d.length(pc);
                }
                case DGSM_GOSUB -> {
                    long reps = code[pc + 3];
                    if (reps == 0) {
                        pc += (int) code[pc + 2];
                        break;
                    }
                    Frame f = new Frame(pc, reps, base, code[pc + 4], code[pc + 5], (int) code[pc + 1], (int) code[pc + 2], new long[1]);
                    stack.push(f);
                    if (stack.size() > d.depth) {
                        throw LapiErrors.fail(LapiErrors.DGSP_STACK, "GOSUBs nest " + stack.size() + " deep, depth is " + d.depth);
                    }
                    base = f.base0 + f.offset;
                    pc += f.to;
                }
                case DGSM_ITERATE -> {
                    Frame f = stack.peek();
                    if (f != null) {
                        if (++f.i[0] < f.reps) {
                            base = f.base0 + f.offset + f.i[0] * f.stride;
                            pc = f.gosubPc + f.to;
                        } else {
                            stack.pop();
                            base = f.base0;
                            pc = f.gosubPc + f.ret;
                        }
                    } else {
                        if (stream == atInstanceStart) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "an instance of the program moves no data");
                        atInstanceStart = stream;
                        instance++;
                        base = instance * d.extent;
                        pc += (int) code[pc + 1];
                    }
                }
                case DGSM_CONTROL -> {
                    operation = (int) code[pc + 1];
                    operand = (int) code[pc + 2];
                    pc += LapiConst.DGSM_CONTROL_SIZE;
                }
                default -> throw LapiErrors.fail(LapiErrors.DGSP_OPC, "opcode " + op + " at " + pc);
            }
        }
        return stream;
    }

    /** Registration check: one instance must move exactly {@code size} bytes within the declared stack depth. */
    static void checkOneInstance(Dgsp d) {
        long one = walk(d, Long.MAX_VALUE, 1, (off, len, pos, op, opd) -> { });
        if (one != d.size) {
            throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "one instance of the program moves " + one + " bytes, but size is " + d.size);
        }
    }

    /** Packs {@code bytes} stream bytes, after skipping {@code skip}, from the layout at {@code addr}. */
    static byte[] gather(Dgsp d, Memory mem, long addr, long bytes, long skip) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Coalescer c = new Coalescer((a, pos, n) -> out.writeBytes(mem.read(a, Math.toIntExact(n))));
        walk(d, skip + bytes, Long.MAX_VALUE, (off, len, pos, op, opd) -> {
            if (op != LapiConst.DGSM_NO_CTL) {
                throw LapiErrors.fail(LapiErrors.DGSP_CTL, "CONTROL mode is for scatters through a DDM function, not for gathering");
            }
            long lo = Math.max(pos, skip), hi = pos + len;
            if (hi > lo) c.add(addr + off + (lo - pos), lo, hi - lo);
        });
        c.flush();
        return out.toByteArray();
    }

    /** Unpacks {@code stream} (stream positions skip .. skip+length) into the layout at {@code addr} on {@code rank}. */
    static void scatter(Dgsp d, Rank rank, long addr, byte[] stream, long skip, Callback ddm) {
        Memory mem = rank.memory();
        Coalescer c = new Coalescer((a, pos, n) -> mem.write(a, Arrays.copyOfRange(stream, (int) (pos - skip), (int) (pos - skip + n))));
        walk(d, skip + stream.length, Long.MAX_VALUE, (off, len, pos, op, opd) -> {
            long lo = Math.max(pos, skip), hi = pos + len;
            if (hi <= lo) return;
            long dst = addr + off + (lo - pos);
            if (op == LapiConst.DGSM_NO_CTL) {
                c.add(dst, lo, hi - lo);
            } else {
                c.flush();
                combine(d, rank, ddm, dst, Arrays.copyOfRange(stream, (int) (lo - skip), (int) (hi - skip)), op, opd);
            }
        });
        c.flush();
    }

    private static void combine(Dgsp d, Rank rank, Callback ddm, long dst, byte[] part, int operation, int operand) {
        if (ddm == null) throw LapiErrors.fail(LapiErrors.DGSP_CTL, "CONTROL mode needs a DDM function (LAPI_Util LAPI_REG_DDM_FUNC)");
        if (d.atomSize > 0 && part.length % d.atomSize != 0) {
            throw LapiErrors.fail(LapiErrors.DGSP_ATOM, "a block of " + part.length + " bytes is not whole atoms of " + d.atomSize);
        }
        Memory mem = rank.memory();
        mem.segment(dst, part.length);
        long in = mem.alloc(part.length);
        try {
            mem.write(in, part);
            Object done = ddm.call(in, dst, (long) part.length, (long) operand, (long) operation);
            Trace.emit(rank, "ddm", "DDM combined " + part.length + " bytes into " + Trace.hex(dst) + " (operation " + operation
                    + ", operand " + operand + ") -> " + done, null);
        } finally {
            mem.free(in);
        }
    }

    /** Merges blocks that follow each other in memory and in the stream, so LAPI_BYTE moves data in one copy. */
    private static final class Coalescer {
        interface Out { void run(long addr, long streamPos, long len); }
        private final Out out;
        private long start = -1, pos, len;
        Coalescer(Out out) { this.out = out; }
        void add(long a, long p, long n) {
            if (start >= 0 && a == start + len && p == pos + len) { len += n; return; }
            flush();
            start = a;
            pos = p;
            len = n;
        }
        void flush() {
            if (start >= 0 && len > 0) out.run(start, pos, len);
            start = -1;
            len = 0;
        }
    }
}
