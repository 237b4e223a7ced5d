package org.mpish.runtime.lapi;

import static org.mpish.runtime.StructType.field;
import static org.mpish.runtime.StructType.padding;

import java.util.ArrayList;
import java.util.List;
import org.mpish.runtime.StructType;
import org.mpish.runtime.StructType.Field;

/**
 * The structures LAPI calls take, declared once with the members lapi.h gives them (in its order, with its C
 * types). XferSpec, LAPI_Init, LAPI_Util and the vector and DGSP readers read exactly these; LapiTypes makes them
 * parameter types, so the shell completes {@code name=} from them, {@code help} lists them and ManPagesTest
 * compares the pages with them. Below the catalogue: the engine reads them.
 */
final class LapiStructs {
    private LapiStructs() {}

    /** lapi_vec_t (and lapi_lvec_t, whose fields have the same names): an I/O or strided vector. */
    static final StructType VEC = StructType.struct("lapi_vec_t")
            .field(field("vec_type", "lapi_vectype_t vec_type", "lapi_vectype"))
            .field(field("num_vecs", "uint num_vecs"))
            .field(field("info", "void **info"))
            .field(field("len", "ulong *len"))
            .build();

    /** lapi_dgsp_descr_t: a DGSP program, what LAPI_REGISTER_DGSP's idgsp points to. */
    static final StructType DGSP_DESCR = StructType.struct("lapi_dgsp_descr_t")
            .field(field("code", "int *code"))
            .field(field("code_size", "int code_size"))
            .field(field("depth", "int depth"))
            .field(field("density", "lapi_dgsp_density_t density", "lapi_dgsp_density"))
            .field(field("size", "long size"))
            .field(field("extent", "long extent"))
            .field(field("lext", "long lext"))
            .field(field("rext", "long rext"))
            .field(field("atom_size", "int atom_size"))
            .build();

    // the fields several members of lapi_xfer_t share, declared once
    private static final Field FLAGS = field("flags", "int flags", "lapi_flags");
    private static final Field TGT = field("tgt", "uint tgt", "task");
    /** Present in the 64-bit layout of every member but lapi_rmw_t: never read. */
    private static final Field PAD = padding("pad", "uint pad");
    private static final Field TGT_ADDR = field("tgt_addr", "lapi_long_t tgt_addr");
    private static final Field ORG_ADDR = field("org_addr", "void *org_addr");
    private static final Field LEN = field("len", "ulong len");
    private static final Field HDR_HDL = field("hdr_hdl", "lapi_long_t hdr_hdl");
    private static final Field UHDR_LEN = field("uhdr_len", "uint uhdr_len");
    private static final Field UHDR = field("uhdr", "void *uhdr");
    private static final Field UDATA = field("udata", "void *udata");
    private static final Field UDATA_LEN = field("udata_len", "ulong udata_len");
    private static final Field SHDLR = field("shdlr", "scompl_hndlr_t *shdlr");
    private static final Field SINFO = field("sinfo", "void *sinfo");
    private static final Field CHNDLR = field("chndlr", "compl_hndlr_t *chndlr");
    private static final Field CINFO = field("cinfo", "void *cinfo");
    private static final Field TGT_CNTR = field("tgt_cntr", "lapi_long_t tgt_cntr");
    private static final Field ORG_CNTR = field("org_cntr", "lapi_cntr_t *org_cntr");
    private static final Field CMPL_CNTR = field("cmpl_cntr", "lapi_cntr_t *cmpl_cntr");
    private static final Field ORG_VEC = field("org_vec", "lapi_vec_t *org_vec", VEC);
    private static final Field TGT_VEC = field("tgt_vec", "void *tgt_vec", VEC); // a lapi_vec_t or a lapi_lvec_t: the same fields
    private static final Field DGSP = field("dgsp", "lapi_dg_handle_t dgsp");
    private static final Field STATUS = field("status", "lapi_status_t status");

    private static final List<Field> AM = List.of(FLAGS, TGT, PAD, HDR_HDL, UHDR_LEN, UHDR, UDATA, UDATA_LEN, SHDLR, SINFO,
            TGT_CNTR, ORG_CNTR, CMPL_CNTR);

    /** lapi_xfer_t: the union LAPI_Xfer takes, one member per transfer type (the shell may say type= for Xfer_type). */
    static final StructType XFER = StructType.union("lapi_xfer_t",
                    field("Xfer_type", "lapi_xfer_type_t Xfer_type", "lapi_xfer_type"), "type")
            .member("LAPI_GET_XFER", "lapi_get_t",
                    List.of(FLAGS, TGT, PAD, TGT_ADDR, ORG_ADDR, LEN, TGT_CNTR, ORG_CNTR, CHNDLR, CINFO))
            .member("LAPI_AM_XFER", "lapi_am_t", AM)
            .member("LAPI_PUT_XFER", "lapi_put_t",
                    List.of(FLAGS, TGT, PAD, TGT_ADDR, ORG_ADDR, LEN, SHDLR, SINFO, TGT_CNTR, ORG_CNTR, CMPL_CNTR))
            .member("LAPI_GETV_XFER", "lapi_getv_t", List.of(FLAGS, TGT, PAD, ORG_VEC, TGT_VEC, TGT_CNTR, ORG_CNTR, CHNDLR, CINFO))
            .member("LAPI_PUTV_XFER", "lapi_putv_t",
                    List.of(FLAGS, TGT, PAD, SHDLR, SINFO, ORG_VEC, TGT_VEC, TGT_CNTR, ORG_CNTR, CMPL_CNTR))
            .member("LAPI_AMV_XFER", "lapi_amv_t",
                    List.of(FLAGS, TGT, PAD, HDR_HDL, UHDR_LEN, UHDR, SHDLR, SINFO, ORG_VEC, TGT_CNTR, ORG_CNTR, CMPL_CNTR))
            .member("LAPI_RMW_XFER", "lapi_rmw_t", List.of(field("op", "RMW_ops_t op", "lapi_rmw_op"), TGT,
                    field("size", "uint size"), field("tgt_var", "lapi_long_t tgt_var"), field("in_val", "void *in_val"),
                    field("prev_tgt_val", "void *prev_tgt_val"), ORG_CNTR, SHDLR, SINFO))
            .member("LAPI_DGSP_XFER", "lapi_amdgsp_t", plus(AM, DGSP, STATUS))
            .member("LAPI_AM_LW_XFER", null, List.of(FLAGS, TGT, PAD, HDR_HDL, UHDR_LEN, UHDR, UDATA, UDATA_LEN))
            .member("LAPI_AMX_XFER", "lapi_amx_t",
                    plus(AM, DGSP, STATUS, field("send_offset_dgsp_bytes", "ulong send_offset_dgsp_bytes")))
            .build();

    /** lapi_info_t: what LAPI_Init reads. */
    static final StructType INFO = StructType.struct("lapi_info_t")
            .field(field("protocol", "lapi_dev_t protocol", "lapi_protocol"))
            .field(field("lib_vers", "lapi_lib_t lib_vers", "lapi_lib"))
            .field(field("epoch_num", "uint epoch_num"))
            .field(field("num_compl_hndlr_thr", "int num_compl_hndlr_thr"))
            .field(field("instance_no", "uint instance_no"))
            .field(field("info6", "int info6"))
            .field(field("err_hndlr", "LAPI_err_hndlr *err_hndlr"))
            .field(field("lapi_thread_attr", "com_thread_info_t *lapi_thread_attr"))
            .field(field("adapter_name", "void *adapter_name"))
            .field(field("add_info", "lapi_extend_t *add_info"))
            .build();



    // lapi_util_t: every member ends with these two
    private static final Field IN_USR_FUNC = field("in_usr_func", "lapi_usr_fcall_t in_usr_func");
    private static final Field UTIL_STATUS = field("status", "lapi_status_t status");
    private static final Field DGSP_HANDLE = field("dgsp_handle", "lapi_dg_handle_t dgsp_handle");

    /** lapi_util_t: the union LAPI_Util takes; the members of the commands mpish carries out (others are refused). */
    static final StructType UTIL = StructType.union("lapi_util_t", field("Util_type", "lapi_util_type_t Util_type", "lapi_util_type"))
            .member("LAPI_REGISTER_DGSP", "lapi_reg_dgsp_t",
                    List.of(field("idgsp", "lapi_dgsp_descr_t *idgsp", DGSP_DESCR), DGSP_HANDLE, IN_USR_FUNC, UTIL_STATUS))
            .member("LAPI_RESERVE_DGSP", "lapi_resv_dgsp_t", List.of(DGSP_HANDLE, IN_USR_FUNC, UTIL_STATUS))
            .member("LAPI_UNRESERVE_DGSP", "lapi_dref_dgsp_t", List.of(DGSP_HANDLE, IN_USR_FUNC, UTIL_STATUS))
            .member("LAPI_REG_DDM_FUNC", "lapi_reg_ddm_t", List.of(field("ddm_func", "ddm_func_t *ddm_func"), IN_USR_FUNC, UTIL_STATUS))
            .member("LAPI_DGSP_PACK", "lapi_pack_dgsp_t", List.of(DGSP, field("in_buf", "void *in_buf"), field("bytes", "ulong bytes"),
                    field("out_buf", "void *out_buf"), field("out_size", "ulong out_size"), field("position", "ulong position"),
                    IN_USR_FUNC, UTIL_STATUS))
            .member("LAPI_DGSP_UNPACK", "lapi_unpack_dgsp_t", List.of(DGSP, field("in_buf", "void *in_buf"),
                    field("in_size", "ulong in_size"), field("out_buf", "void *out_buf"), field("bytes", "ulong bytes"),
                    field("position", "ulong position"), IN_USR_FUNC, UTIL_STATUS))
            .build();


    private static List<Field> plus(List<Field> a, Field... more) {
        List<Field> l = new ArrayList<>(a);
        l.addAll(List.of(more));
        return l;
    }
}
