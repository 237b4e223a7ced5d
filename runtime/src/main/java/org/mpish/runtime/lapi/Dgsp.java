package org.mpish.runtime.lapi;

import static org.mpish.runtime.lapi.LapiConst.DGSM_CONTROL;
import static org.mpish.runtime.lapi.LapiConst.DGSM_COPY;
import static org.mpish.runtime.lapi.LapiConst.DGSM_GOSUB;
import static org.mpish.runtime.lapi.LapiConst.DGSM_ITERATE;
import static org.mpish.runtime.lapi.LapiConst.DGSM_MCOPY;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.mpish.runtime.Rank;
import org.mpish.runtime.BadArgument;

/**
 * A data gather/scatter program (L63, L64): lapi_dgsp_descr_t {code, code_size, depth, density, size, extent,
 * lext, rext, atom_size}. mpish's code arrays hold one element per instruction field (JavaScript numbers), so an
 * instruction is LAPI_DGSM_*_SIZE elements long and relative locations count elements from the instruction
 * that holds them. {@link #validate} reports the DGSP error codes of L68.
 */
final class Dgsp {
    final long[] code;
    final int codeSize, depth, density, atomSize;
    final long size, extent, lext, rext;
    long handle;
    int refs = 1;
    final boolean predefined;

    Dgsp(long[] code, int codeSize, int depth, int density, long size, long extent, long lext, long rext, int atomSize,
         boolean predefined) {
        this.code = code;
        this.codeSize = codeSize;
        this.depth = depth;
        this.density = density;
        this.size = size;
        this.extent = extent;
        this.lext = lext;
        this.rext = rext;
        this.atomSize = atomSize;
        this.predefined = predefined;
    }

    /** LAPI_BYTE: one byte per instance, instances one byte apart. */
    static Dgsp bytes() {
        Dgsp d = new Dgsp(new long[] {DGSM_COPY, 1, 0, DGSM_ITERATE, -3}, 5, 1, LapiConst.DGSM_UNIT, 1, 1, 0, 1, 0, true);
        d.handle = LapiConst.LAPI_BYTE;
        return d;
    }

    static final List<String> FIELDS = List.of("code", "code_size", "depth", "density", "size", "extent", "lext", "rext", "atom_size");

    /** Reads lapi_dgsp_descr_t from an object; NULL is LAPI_ERR_DGSP. */
    static Dgsp parse(Rank r, Object raw) {
        if (raw == null || raw instanceof Number n && n.longValue() == 0) throw LapiErrors.fail(LapiErrors.DGSP, "idgsp is NULL");
        Fields f = new Fields(r, raw, "lapi_dgsp_descr_t");
        f.only(FIELDS);
        long[] code = null;
        if (f.raw("code") instanceof List<?> l) {
            code = new long[l.size()];
            for (int i = 0; i < code.length; i++) code[i] = Fields.number(r, l.get(i), "code[" + i + "]");
        } else if (f.has("code")) {
            throw new BadArgument("lapi_dgsp_descr_t.code: expected an array of integers");
        }
        return new Dgsp(code, f.integer("code_size"), f.integer("depth"), f.integer("density"), f.num("size"),
                f.num("extent"), f.num("lext"), f.num("rext"), f.integer("atom_size"), false);
    }

    /** L68: the checks LAPI_Util(LAPI_REGISTER_DGSP) makes, each with its code. */
    void validate() {
        if (code == null || codeSize < 1 || codeSize > code.length) {
            throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "code_size " + codeSize + " with " + (code == null ? "no" : code.length)
                    + " code elements");
        }
        if (depth <= 0) throw LapiErrors.fail(LapiErrors.DGSP_STACK, "depth " + depth);
        if (density < LapiConst.DGSM_SPARSE || density > LapiConst.DGSM_UNIT) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "density " + density);
        if (size < 0 || extent < 0) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "size " + size + ", extent " + extent);
        if (lext > rext) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "lext " + lext + " is right of rext " + rext);
        if (atomSize < 0 || atomSize > LapiConst.MAX_ATOM_SIZE || atomSize > 0 && size % atomSize != 0) {
            throw LapiErrors.fail(LapiErrors.DGSP_ATOM, "atom_size " + atomSize + " (0, or at most MAX_ATOM_SIZE "
                    + LapiConst.MAX_ATOM_SIZE + " and dividing size " + size + ")");
        }
        TreeSet<Integer> starts = new TreeSet<>();
        List<int[]> branches = new ArrayList<>();
        int pc = 0;
        int last = -1;
        while (pc < codeSize) {
            starts.add(pc);
            last = pc;
            int op = (int) code[pc];
            int len = length(pc);
            if (len < 0) throw LapiErrors.fail(LapiErrors.DGSP_OPC, "opcode " + code[pc] + " at " + pc);
            if (pc + len > codeSize) throw LapiErrors.fail(LapiErrors.DGSP_OTHER, "the instruction at " + pc + " is cut off by code_size");
            switch (op) {
                case DGSM_COPY -> {
                    if (code[pc + 1] < 0) throw LapiErrors.fail(LapiErrors.DGSP_COPY_SZ, "COPY of " + code[pc + 1] + " bytes at " + pc);
                }
                case DGSM_MCOPY -> {
                    for (int b = 0; b < code[pc + 1]; b++) {
                        if (code[pc + 3 + 2 * b] < 0) throw LapiErrors.fail(LapiErrors.DGSP_COPY_SZ, "MCOPY block " + b + " at " + pc);
                    }
                }
                case DGSM_GOSUB -> {
                    if (code[pc + 3] < 0) throw LapiErrors.fail(LapiErrors.DGSP_REPS, "GOSUB reps " + code[pc + 3] + " at " + pc);
                    branches.add(new int[] {pc, (int) code[pc + 1]});
                    branches.add(new int[] {pc, (int) code[pc + 2]});
                }
                case DGSM_ITERATE -> branches.add(new int[] {pc, (int) code[pc + 1]});
                case DGSM_CONTROL -> {
                    if (code[pc + 1] < LapiConst.DGSM_NO_CTL || code[pc + 2] < 0) {
                        throw LapiErrors.fail(LapiErrors.DGSP_CTL, "CONTROL operation " + code[pc + 1] + " operand " + code[pc + 2] + " at " + pc);
                    }
                }
                default -> throw new IllegalStateException();
            }
            pc += len;
        }
        for (int[] b : branches) {
            if (!starts.contains(b[0] + b[1])) {
                throw LapiErrors.fail(LapiErrors.DGSP_BRANCH, "the branch at " + b[0] + " to relative location " + b[1]
                        + " does not reach an instruction of the program");
            }
        }
        if (code[last] != DGSM_ITERATE) {
            throw LapiErrors.fail(LapiErrors.DGSP_BRANCH, "the program must end with ITERATE (execution would run off its end)");
        }
        DgspMachine.checkOneInstance(this);
    }

    /** Elements of the instruction at {@code pc}, or -1 for an unknown opcode. */
    int length(int pc) {
        return switch ((int) code[pc]) {
            case DGSM_COPY -> LapiConst.DGSM_COPY_SIZE;
            case DGSM_MCOPY -> {
                long n = pc + 1 < codeSize ? code[pc + 1] : 1;
                if (n < 1) throw LapiErrors.fail(LapiErrors.DGSP_COPY_SZ, "MCOPY with " + n + " blocks at " + pc);
                yield (int) Math.min(Integer.MAX_VALUE / 4, LapiConst.DGSM_MCOPY_SIZE + (n - 1) * LapiConst.DGSM_MCOPY_BLOCK_SIZE);
            }
            case DGSM_GOSUB -> LapiConst.DGSM_GOSUB_SIZE;
            case DGSM_ITERATE -> LapiConst.DGSM_ITERATE_SIZE;
            case DGSM_CONTROL -> LapiConst.DGSM_CONTROL_SIZE;
            default -> -1;
        };
    }

    @Override public String toString() { return predefined ? "LAPI_BYTE" : "DGSP " + Trace.hex(handle); }
}
