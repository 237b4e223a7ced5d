package org.mpish.shell.man;

import java.util.Set;

/** Classification of roff requests this renderer does not implement. */
final class Requests {

    private Requests() {
    }

    /** Requests that only matter for typesetting; mandoc ignores them silently and so do we. */
    static final Set<String> IGNORED = Set.of(
            "ad", "af", "backtrace", "bd", "bleedat", "bp", "breakchar", "brnl", "brpnl", "cflags",
            "ch", "class", "color", "cp", "cropat", "cs", "cu", "defcolor", "errprint", "fam",
            "fcolor", "fdeferlig", "feature", "fkern", "fl", "flig", "fp", "fps", "fschar",
            "fspacewidth", "fspecial", "ftr", "fzoom", "gcolor", "hc", "hcode", "hidechar", "hla",
            "hlm", "hpf", "hpfa", "hpfcode", "hw", "hy", "hylang", "hylen", "hym", "hypp", "hys",
            "it", "itc", "kern", "kernafter", "kernbefore", "kernpair", "lc_ctype", "letadj", "lg",
            "lhang", "linetabs", "lnr", "lnrf", "lpfx", "ls", "lsm", "lt", "mediasize", "minss",
            "mk", "na", "ne", "nh", "nhychar", "nm", "nn", "nroff", "ns", "os", "padj", "papersize",
            "pc", "pev", "PI", "pl", "pm", "pn", "pnr", "ps", "psbb", "pshape", "ptr", "pvs",
            "rchar", "rfschar", "rhang", "rs", "rt", "schar", "sentchar", "shc", "sizes",
            "spacewidth", "special", "spreadwarn", "ss", "sty", "sv", "tkf", "tm", "tm1", "tmc",
            "trf", "trimat", "trin", "trnt", "troff", "uf", "ul", "unformat", "unwatch",
            "unwatchn", "vpt", "vs", "warn", "warnscale", "watch", "watchlength", "watchn",
            "writec", "writem", "xflag");

    /**
     * Requests mandoc implements or rejects but this renderer does not: reported as unsupported
     * and skipped.  Pages meant for mpish should not need them.
     */
    static final Set<String> UNIMPLEMENTED = Set.of(
            "ds", "ds1", "as", "as1", "nr", "rr", "rm", "rn", "als", "char",
            "po", "mc", "ec", "eo", "cc", "c2", "so", "shift", "return", "break",
            "ab", "aln", "asciify", "blm", "box", "boxa", "BP", "chop", "CL", "composite",
            "continue", "da", "dch", "device", "devicem", "di", "do", "dt", "dwh", "ecr", "ecs",
            "em", "EP", "ev", "evc", "ex", "fc", "fchar", "index", "IX", "lc", "length",
            "lds", "output", "rd", "recursionlimit", "rnn", "substring", "tc", "tl", "wh", "TS",
            "TE", "T&", "EQ", "EN");

    /** Requests that read or run outside files; mandoc refuses them. */
    static final Set<String> INSECURE = Set.of("cf", "lf", "mso", "nx", "open", "opena", "pi",
            "pso", "sy", "close", "write");

    /** Requests opening a block of input lines up to {@code ..} (macro definitions, ignore). */
    static final Set<String> DEFINITIONS = Set.of("de", "de1", "dei", "dei1", "am", "am1", "ami",
            "ami1", "ig");

    /** Conditional requests; their scope is skipped. */
    static final Set<String> CONDITIONALS = Set.of("if", "ie", "el", "while");
}
