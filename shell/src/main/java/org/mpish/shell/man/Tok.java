package org.mpish.shell.man;

import java.util.HashMap;
import java.util.Map;

/**
 * The man(7) macros and roff requests the parser knows, with their scoping rules
 * (the same classification mandoc's macro table uses).
 */
public enum Tok {
    // roff requests
    BR_REQ("br", Kind.REQUEST, 0),
    FI("fi", Kind.REQUEST, 0),
    FT("ft", Kind.REQUEST, 0),
    NF("nf", Kind.REQUEST, 0),
    SP("sp", Kind.REQUEST, 0),
    TI("ti", Kind.REQUEST, 0),
    TA("ta", Kind.REQUEST, 0),
    /** {@code .ce N}: the next N text lines centred; they become the node's children. */
    CE("ce", Kind.REQUEST, 0),
    /** {@code .rj N}: the next N text lines adjusted to the right margin. */
    RJ("rj", Kind.REQUEST, 0),
    /** {@code .ll}: the line length. */
    LL("ll", Kind.REQUEST, 0),
    /** A tbl(7) table, {@code .TS} to {@code .TE}. */
    TBL("TS", Kind.REQUEST, 0),
    /** An eqn(7) equation, {@code .EQ} to {@code .EN} or between in-line delimiters. */
    EQN("EQ", Kind.REQUEST, 0),
    // man(7) macros
    TH("TH", Kind.INLINE, Tok.XSCOPE),
    SH("SH", Kind.BLOCK_IMPLICIT, Tok.XSCOPE | Tok.BSCOPED),
    SS("SS", Kind.BLOCK_IMPLICIT, Tok.XSCOPE | Tok.BSCOPED),
    TP("TP", Kind.BLOCK_IMPLICIT, Tok.XSCOPE | Tok.BSCOPED),
    TQ("TQ", Kind.BLOCK_IMPLICIT, Tok.XSCOPE | Tok.BSCOPED),
    LP("LP", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    PP("PP", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    P("P", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    IP("IP", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    HP("HP", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    SM("SM", Kind.INLINE, Tok.NSCOPED | Tok.ESCOPED | Tok.JOIN),
    SB("SB", Kind.INLINE, Tok.NSCOPED | Tok.ESCOPED | Tok.JOIN),
    BI("BI", Kind.INLINE, 0),
    IB("IB", Kind.INLINE, 0),
    BR("BR", Kind.INLINE, 0),
    RB("RB", Kind.INLINE, 0),
    R("R", Kind.INLINE, Tok.NSCOPED | Tok.ESCOPED | Tok.JOIN),
    B("B", Kind.INLINE, Tok.NSCOPED | Tok.ESCOPED | Tok.JOIN),
    I("I", Kind.INLINE, Tok.NSCOPED | Tok.ESCOPED | Tok.JOIN),
    IR("IR", Kind.INLINE, 0),
    RI("RI", Kind.INLINE, 0),
    RE("RE", Kind.BLOCK_CLOSE, Tok.XSCOPE),
    RS("RS", Kind.BLOCK_EXPLICIT, Tok.XSCOPE),
    DT("DT", Kind.INLINE, 0),
    UC("UC", Kind.INLINE, 0),
    PD("PD", Kind.INLINE, Tok.NSCOPED),
    AT("AT", Kind.INLINE, 0),
    IN("in", Kind.INLINE, Tok.NSCOPED),
    SY("SY", Kind.BLOCK_IMPLICIT, Tok.XSCOPE),
    YS("YS", Kind.BLOCK_CLOSE, Tok.XSCOPE),
    OP("OP", Kind.INLINE, 0),
    EX("EX", Kind.INLINE, Tok.XSCOPE),
    EE("EE", Kind.INLINE, Tok.XSCOPE),
    UR("UR", Kind.BLOCK_EXPLICIT, Tok.XSCOPE),
    UE("UE", Kind.BLOCK_CLOSE, Tok.XSCOPE),
    MT("MT", Kind.BLOCK_EXPLICIT, Tok.XSCOPE),
    ME("ME", Kind.BLOCK_CLOSE, Tok.XSCOPE);

    /** How the parser builds the node. */
    enum Kind { REQUEST, INLINE, BLOCK_IMPLICIT, BLOCK_EXPLICIT, BLOCK_CLOSE }

    /** Breaks next-line scopes of block heads. */
    static final int XSCOPE = 1;
    /** Has an optional next-line head scope. */
    static final int BSCOPED = 1 << 1;
    /** Allowed inside next-line scopes. */
    static final int NSCOPED = 1 << 2;
    /** Has an optional next-line element scope. */
    static final int ESCOPED = 1 << 3;
    /** Multiple arguments are joined into one text. */
    static final int JOIN = 1 << 4;

    private static final Map<String, Tok> BY_NAME = new HashMap<>();

    static {
        for (Tok t : values()) {
            BY_NAME.put(t.name, t);
        }
    }

    private final String name;
    final Kind kind;
    final int flags;

    Tok(String name, Kind kind, int flags) {
        this.name = name;
        this.kind = kind;
        this.flags = flags;
    }

    /** The macro name as written in the source, e.g. {@code TP} or {@code br}. */
    public String macroName() {
        return name;
    }

    boolean is(int flag) {
        return (flags & flag) != 0;
    }

    boolean isRequest() {
        return kind == Kind.REQUEST;
    }

    /** Tokens that layout decisions look through, like comments. */
    boolean transparent() {
        return this == FT || this == LL || this == DT || this == UC || this == PD || this == AT;
    }

    static Tok request(String name) {
        Tok t = BY_NAME.get(name);
        return t != null && t.isRequest() ? t : null;
    }

    static Tok macro(String name) {
        Tok t = BY_NAME.get(name);
        return t != null && !t.isRequest() ? t : null;
    }

    @Override
    public String toString() {
        return name;
    }
}
