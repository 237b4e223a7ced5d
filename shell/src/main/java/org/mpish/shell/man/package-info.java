/**
 * A man(7) renderer whose plain-text output matches mandoc 1.14.6 ({@code mandoc -T ascii}).
 *
 * <p>Entry points: {@link org.mpish.shell.man.ManPage} (parse and render at a width, in a
 * {@link org.mpish.shell.man.Style}), {@link org.mpish.shell.man.ManLint} (mandoc's lint messages as
 * {@link org.mpish.shell.man.Diagnostic}s) and {@link org.mpish.shell.man.WhatisIndex} (whatis,
 * apropos and page lookup over {@code man/man<section>}).
 *
 * <p>The pipeline follows mandoc's: {@code RoffLexer} (input lines, comments, string
 * interpolation, escape checks) feeds {@code ManParser}, {@code ManScopes} and {@code ManMacros}
 * (the syntax tree of {@link org.mpish.shell.man.ManNode}s), {@code ManValidator} normalises it and
 * reads the {@code .TH} metadata, and {@code ManFormatter}, {@code BlockFormatter} and
 * {@code PageFrame} lay it out on a {@code Terminal}, which fills and breaks lines like mandoc's
 * term.c.  Special characters come from tables measured from mandoc's output.
 */
package org.mpish.shell.man;
