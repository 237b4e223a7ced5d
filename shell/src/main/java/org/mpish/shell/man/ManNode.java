package org.mpish.shell.man;

import java.util.ArrayList;
import java.util.List;

/**
 * A node of the man(7) syntax tree, shaped like mandoc's: a {@link Block} macro such as
 * {@code .TP} owns a {@link Head} (its tag or title) and a {@link Body}; in-line macros such as
 * {@code .B} and requests such as {@code .br} are {@link Elem}s; words are {@link Text}.
 * Siblings are doubly linked so the parser and validator can move and delete nodes cheaply.
 */
public abstract sealed class ManNode
        permits ManNode.Root, ManNode.Block, ManNode.Head, ManNode.Body, ManNode.Elem, ManNode.Text {

    /** The node begins an input line. */
    static final int LINE = 1;
    /** The text ends a sentence, so the next word is preceded by two blanks. */
    static final int EOS = 1 << 1;
    /** The node was parsed in no-fill mode. */
    static final int NOFILL = 1 << 2;
    /** Text following a block end macro on the same line. */
    static final int DELIMC = 1 << 3;
    /** The node's scope is closed. */
    static final int VALID = 1 << 4;

    ManNode parent;
    ManNode prev;
    ManNode next;
    ManNode first;
    ManNode last;
    final int line;
    final int pos;
    int flags;
    /** The macro or request; null for text and the root.  LP and P become PP during validation. */
    Tok tok;

    ManNode(Tok tok, int line, int pos) {
        this.tok = tok;
        this.line = line;
        this.pos = pos;
    }

    /** The macro or request, or null for text and the root. */
    public Tok tok() {
        return tok;
    }

    /** 1-based input line where the node starts. */
    public int line() {
        return line;
    }

    /** The children in order. */
    public List<ManNode> children() {
        List<ManNode> out = new ArrayList<>();
        for (ManNode n = first; n != null; n = n.next) {
            out.add(n);
        }
        return out;
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** Unlinks this node from its parent and siblings. */
    void unlink() {
        if (prev != null) {
            prev.next = next;
        }
        if (next != null) {
            next.prev = prev;
        }
        if (parent != null) {
            if (parent.first == this) {
                parent.first = next;
            }
            if (parent.last == this) {
                parent.last = prev;
            }
            if (parent instanceof Block b) {
                if (b.head == this) {
                    b.head = null;
                }
                if (b.body == this) {
                    b.body = null;
                }
            }
        }
        parent = prev = next = null;
    }

    /** Appends a child at the end. */
    void append(ManNode child) {
        child.parent = this;
        child.prev = last;
        child.next = null;
        if (last != null) {
            last.next = child;
        } else {
            first = child;
        }
        last = child;
    }

    /** Inserts a sibling right after this node. */
    void insertAfter(ManNode n) {
        n.parent = parent;
        n.prev = this;
        n.next = next;
        if (next != null) {
            next.prev = n;
        } else if (parent != null) {
            parent.last = n;
        }
        next = n;
    }

    /** Comment-like nodes that layout decisions look through (mandoc's "transparent" tokens). */
    boolean transparent() {
        Tok t = tok();
        return t != null && t.transparent();
    }

    /** The first child that is not transparent. */
    ManNode firstChild() {
        ManNode n = first;
        while (n != null && n.transparent()) {
            n = n.next;
        }
        return n;
    }

    /** The previous sibling that is not transparent. */
    ManNode prevSibling() {
        ManNode n = prev;
        while (n != null && n.transparent()) {
            n = n.prev;
        }
        return n;
    }

    /** The document root; holds the top-level nodes. */
    public static final class Root extends ManNode {
        Root() {
            super(null, 0, 0);
        }
    }

    /** An abstract block macro such as SH, TP, IP or RS, owning a head and a body. */
    public static final class Block extends ManNode {
        Head head;
        Body body;

        Block(Tok tok, int line, int pos) {
            super(tok, line, pos);
        }

        public Head head() {
            return head;
        }

        public Body body() {
            return body;
        }
    }

    /** The head of a block: a section title, a list tag, an indentation argument. */
    public static final class Head extends ManNode {
        /** For RS: the indentation it added to the an-margin register (basic units). */
        int aux;

        Head(Tok tok, int line, int pos) {
            super(tok, line, pos);
        }
    }

    /** The body of a block. */
    public static final class Body extends ManNode {

        Body(Tok tok, int line, int pos) {
            super(tok, line, pos);
        }
    }

    /** An in-line macro (B, BR, OP ...) or a request (br, sp, nf ...); its children are text. */
    public static final class Elem extends ManNode {
        /** The table of a {@code TBL} node. */
        Tbl table;
        /** The equation of an {@code EQN} node. */
        Eqn.Box eqn;

        Elem(Tok tok, int line, int pos) {
            super(tok, line, pos);
        }
    }

    /** A word or a whole text line, escapes still unresolved. */
    public static final class Text extends ManNode {
        String string;

        Text(String string, int line, int pos) {
            super(null, line, pos);
            this.string = string;
        }

        public String string() {
            return string;
        }
    }
}
