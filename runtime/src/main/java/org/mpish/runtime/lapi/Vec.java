package org.mpish.runtime.lapi;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.Memory;
import org.mpish.runtime.Rank;
import org.mpish.runtime.BadArgument;

/**
 * lapi_vec_t / lapi_lvec_t (L43): {vec_type, num_vecs, info[], len[]}. LAPI_GEN_IOVECTOR: piece i is len[i]
 * bytes at info[i]. LAPI_GEN_STRIDED_XFER: num_vecs blocks of info[1] bytes, the first at info[0], each info[2]
 * bytes after the previous. LAPI_GEN_GENERIC: a list of pieces like an I/O vector, but only the total length
 * has to agree with the other side ([inf]: the sources give no layout).
 */
record Vec(int type, long num, long[] info, long[] len) {
    enum Side {
        ORG(LapiErrors.ORG_VEC_NULL, LapiErrors.ORG_VEC_TYPE, LapiErrors.ORG_VEC_ADDR, LapiErrors.ORG_VEC_LEN,
                LapiErrors.ORG_STRIDE, LapiErrors.ORG_EXTENT, LapiErrors.STRIDE_ORG_VEC_ADDR_NULL, "org_vec"),
        TGT(LapiErrors.TGT_VEC_NULL, LapiErrors.TGT_VEC_TYPE, LapiErrors.TGT_VEC_ADDR, LapiErrors.TGT_VEC_LEN,
                LapiErrors.TGT_STRIDE, LapiErrors.TGT_EXTENT, LapiErrors.STRIDE_TGT_VEC_ADDR_NULL, "tgt_vec");
        final int vecNull, vecType, vecAddr, vecLen, stride, extent, strideNull;
        final String name;
        Side(int a, int b, int c, int d, int e, int f, int g, String n) {
            vecNull = a; vecType = b; vecAddr = c; vecLen = d; stride = e; extent = f; strideNull = g; name = n;
        }
    }

    /** Reads a vector object; null stays null (a NULL vector pointer). */
    static Vec parse(Rank r, Object raw, String what) {
        if (raw == null) return null;
        if (raw instanceof Number n && n.longValue() == 0) return null;
        Fields f = new Fields(r, raw, what);
        f.only(List.of("vec_type", "num_vecs", "info", "len"));
        return new Vec(f.integer("vec_type"), f.num("num_vecs"), longs(r, f.raw("info"), what + ".info"),
                longs(r, f.raw("len"), what + ".len"));
    }

    private static long[] longs(Rank r, Object raw, String what) {
        if (raw == null) return null;
        if (!(raw instanceof List<?> l)) throw new BadArgument(what + ": expected an array");
        long[] out = new long[l.size()];
        for (int i = 0; i < out.length; i++) out[i] = Fields.number(r, l.get(i), what + "[" + i + "]");
        return out;
    }

    /** (address, length) of every piece, in order. */
    List<long[]> pieces() {
        List<long[]> out = new ArrayList<>();
        if (type == LapiConst.GEN_STRIDED_XFER) {
            for (long i = 0; i < num; i++) out.add(new long[] {info[0] + i * info[2], info[1]});
        } else {
            for (int i = 0; i < num; i++) out.add(new long[] {info[i], len[i]});
        }
        return out;
    }

    long total() {
        long t = 0;
        for (long[] p : pieces()) t += p[1];
        return t;
    }

    /** The lengths of the pieces, as an Amsendv header handler receives them (len_vec). */
    List<Long> lengths() {
        List<Long> out = new ArrayList<>();
        for (long[] p : pieces()) out.add(p[1]);
        return out;
    }

    /** L46: the checks of one side, against the memory of the task that owns the addresses. */
    static void check(Vec v, Side s, Memory mem) {
        if (v == null) throw LapiErrors.fail(s.vecNull, s.name + " is NULL");
        if (v.type < LapiConst.GEN_IOVECTOR || v.type > LapiConst.GEN_GENERIC) {
            throw LapiErrors.fail(s.vecType, s.name + ".vec_type " + v.type + " is not LAPI_GEN_IOVECTOR, _STRIDED_XFER or _GENERIC");
        }
        if (v.num < 0 || v.num > Integer.MAX_VALUE) throw LapiErrors.fail(s.extent, s.name + ".num_vecs " + v.num + " is out of range");
        if (v.type == LapiConst.GEN_STRIDED_XFER) {
            if (v.info == null || v.info.length < 3) throw LapiErrors.fail(s.vecNull, s.name + ".info must hold {base, block, stride}");
            long base = v.info[0], block = v.info[1], stride = v.info[2];
            if (v.num == 0) return;
            if (base == 0) throw LapiErrors.fail(s.strideNull, s.name + ".info[0] (the base) is NULL");
            if (block < 0) throw LapiErrors.fail(s.vecLen, s.name + " block of " + block + " bytes");
            if (stride < block) throw LapiErrors.fail(s.stride, s.name + " stride " + stride + " is smaller than its block of " + block);
            long extent;
            try {
                extent = Math.addExact(Math.multiplyExact(v.num - 1, stride), block);
            } catch (ArithmeticException e) {
                throw LapiErrors.fail(s.extent, s.name + " extent overflows");
            }
            if (block > 0 && mem.find(base) == null) {
                throw LapiErrors.fail(s.strideNull, s.name + " base " + Trace.hex(base) + " is not in allocated memory");
            }
            if (!mem.valid(base, extent)) {
                throw LapiErrors.fail(s.extent, s.name + " covers " + extent + " bytes from " + Trace.hex(base) + ", past the end of its block");
            }
            return;
        }
        if (v.info == null || v.len == null || v.info.length < v.num || v.len.length < v.num) {
            throw LapiErrors.fail(s.vecNull, s.name + ".info and .len must each hold num_vecs (" + v.num + ") entries");
        }
        for (int i = 0; i < v.num; i++) {
            if (v.len[i] < 0 || v.len[i] > LapiConst.MAX_DATA_SZ) throw LapiErrors.fail(s.vecLen, s.name + ".len[" + i + "] = " + v.len[i]);
            if (v.len[i] > 0 && v.info[i] == 0) throw LapiErrors.fail(s.vecAddr, s.name + ".info[" + i + "] is NULL with len " + v.len[i]);
            if (!mem.valid(v.info[i], v.len[i])) {
                throw LapiErrors.fail(s.vecAddr, s.name + " piece " + i + " (" + v.len[i] + " bytes at " + Trace.hex(v.info[i])
                        + ") is not in allocated memory");
            }
        }
    }

    /** L45: origin and target must describe the same pieces; with USE_TGT_VEC_TYPE only the same byte count. */
    static void agree(Vec org, Vec tgt, int flags) {
        if ((flags & LapiConst.USE_TGT_VEC_TYPE) == 0) {
            if (org.type != tgt.type) throw LapiErrors.fail(LapiErrors.VEC_TYPE_DIFF, "org_vec is type " + org.type + ", tgt_vec " + tgt.type);
            if (org.num != tgt.num) throw LapiErrors.fail(LapiErrors.VEC_NUM_DIFF, "org_vec has " + org.num + " pieces, tgt_vec " + tgt.num);
            if (org.type == LapiConst.GEN_IOVECTOR) {
                for (int i = 0; i < org.num; i++) {
                    if (org.len[i] != tgt.len[i]) {
                        throw LapiErrors.fail(LapiErrors.VEC_LEN_DIFF, "piece " + i + ": org_vec " + org.len[i] + " bytes, tgt_vec " + tgt.len[i]);
                    }
                }
                return;
            }
            if (org.type == LapiConst.GEN_STRIDED_XFER && org.num > 0 && org.info[1] != tgt.info[1]) {
                throw LapiErrors.fail(LapiErrors.VEC_LEN_DIFF, "blocks of " + org.info[1] + " and " + tgt.info[1] + " bytes");
            }
        }
        if (org.total() != tgt.total()) {
            throw LapiErrors.fail(LapiErrors.VEC_LEN_DIFF, "org_vec holds " + org.total() + " bytes, tgt_vec " + tgt.total());
        }
    }

    /** The bytes of every piece, one after the other. */
    byte[] gather(Memory mem) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long[] p : pieces()) out.writeBytes(mem.read(p[0], Math.toIntExact(p[1])));
        return out.toByteArray();
    }

    /** Writes {@code data} across the pieces, in order. */
    void scatter(Memory mem, byte[] data) {
        int at = 0;
        for (long[] p : pieces()) {
            int n = (int) Math.min(p[1], data.length - at);
            if (n <= 0) break;
            byte[] part = java.util.Arrays.copyOfRange(data, at, at + n);
            mem.write(p[0], part);
            at += n;
        }
    }

    /** The vector as a script sees it. */
    java.util.Map<String, Object> toMap() {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("vec_type", (long) type);
        m.put("num_vecs", num);
        m.put("info", info == null ? null : java.util.Arrays.stream(info).boxed().toList());
        m.put("len", len == null ? null : java.util.Arrays.stream(len).boxed().toList());
        return m;
    }
}
