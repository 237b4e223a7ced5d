package org.mpish.shell.man;

import java.util.EnumMap;
import java.util.Map;

/**
 * What each man(7) macro does on the terminal, one row per macro as in mandoc's man_term.c: a pre
 * action (false: the children are not laid out), a post action, and flags.  Roff requests have
 * their own table in {@link RequestFormatter}.
 */
final class ManActs {

    /** The macro prints no text: the font is left as it is around it. */
    static final int NOTEXT = 1;

    interface Pre {
        boolean run(ManFormatter f, ManNode n);
    }

    interface Post {
        void run(ManFormatter f, ManNode n);
    }

    /** One row: null actions do nothing (a null pre lays out the children). */
    record Act(Pre pre, Post post, int flags) {
        boolean has(int flag) {
            return (flags & flag) != 0;
        }

        boolean pre(ManFormatter f, ManNode n) {
            return pre == null || pre.run(f, n);
        }

        void post(ManFormatter f, ManNode n) {
            if (post != null) {
                post.run(f, n);
            }
        }
    }

    private static final Act DEFAULT = new Act(null, null, 0);
    private static final Pre NOTHING = (f, n) -> false;
    private static final Map<Tok, Act> ACTS = new EnumMap<>(Tok.class);

    private static void row(Tok tok, Pre pre, Post post, int flags) {
        ACTS.put(tok, new Act(pre, post, flags));
    }

    static {
        row(Tok.TH, null, null, 0); // taken out of the tree by the validator
        row(Tok.SH, (f, n) -> f.blocks.preSection(n, false), (f, n) -> f.blocks.postSection(n), 0);
        row(Tok.SS, (f, n) -> f.blocks.preSection(n, true), (f, n) -> f.blocks.postSection(n), 0);
        row(Tok.TP, (f, n) -> f.blocks.preTP(n), (f, n) -> f.blocks.postTP(n), 0);
        row(Tok.TQ, (f, n) -> f.blocks.preTP(n), (f, n) -> f.blocks.postTP(n), 0);
        row(Tok.LP, (f, n) -> f.blocks.prePP(n), null, 0);
        row(Tok.PP, (f, n) -> f.blocks.prePP(n), null, 0);
        row(Tok.P, (f, n) -> f.blocks.prePP(n), null, 0);
        row(Tok.IP, (f, n) -> f.blocks.preIP(n), (f, n) -> f.blocks.postIP(n), 0);
        row(Tok.HP, (f, n) -> f.blocks.preHP(n), (f, n) -> f.blocks.postHP(n), 0);
        row(Tok.SM, null, null, NOTEXT); // its text keeps the surrounding font
        row(Tok.SB, (f, n) -> f.font(Output.BOLD), null, 0);
        row(Tok.BI, ManFormatter::alternate, null, 0);
        row(Tok.IB, ManFormatter::alternate, null, 0);
        row(Tok.BR, ManFormatter::alternate, null, 0);
        row(Tok.RB, ManFormatter::alternate, null, 0);
        row(Tok.R, null, null, 0);
        row(Tok.B, (f, n) -> f.font(Output.BOLD), null, 0);
        row(Tok.I, (f, n) -> f.font(Output.UNDER), null, 0);
        row(Tok.IR, ManFormatter::alternate, null, 0);
        row(Tok.RI, ManFormatter::alternate, null, 0);
        row(Tok.RE, null, null, 0);
        row(Tok.RS, (f, n) -> f.blocks.preRS(n), (f, n) -> f.blocks.postRS(n), 0);
        row(Tok.DT, ManFormatter::preDT, null, 0);
        row(Tok.UC, NOTHING, null, NOTEXT);
        row(Tok.PD, ManFormatter::prePD, null, NOTEXT);
        row(Tok.AT, NOTHING, null, 0);
        row(Tok.IN, ManFormatter::preIn, null, NOTEXT);
        row(Tok.SY, (f, n) -> f.blocks.preSY(n), (f, n) -> f.blocks.postSY(n), 0);
        row(Tok.YS, null, null, 0);
        row(Tok.OP, ManFormatter::preOP, null, 0);
        row(Tok.EX, ManFormatter::preLiteral, null, 0);
        row(Tok.EE, ManFormatter::preLiteral, null, 0);
        row(Tok.UR, (f, n) -> !(n instanceof ManNode.Head), ManFormatter::postUR, 0);
        row(Tok.UE, null, null, 0);
        row(Tok.MT, (f, n) -> !(n instanceof ManNode.Head), ManFormatter::postUR, 0);
        row(Tok.ME, null, null, 0);
    }

    private ManActs() {
    }

    /** Whether the macro has a row of its own (every man(7) macro should). */
    static boolean hasRow(Tok tok) {
        return ACTS.containsKey(tok);
    }

    /** The row of a man(7) macro. */
    static Act of(Tok tok) {
        return ACTS.getOrDefault(tok, DEFAULT);
    }
}
