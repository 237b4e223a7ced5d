package org.mpish.shell.man;

/** The character set a page is rendered for, as mandoc's {@code -T ascii} and {@code -T utf8}. */
public enum Device {
    /** ASCII only: special characters spelled out ({@code \(em} as {@code --}, {@code \(>=} as {@code >=}). */
    ASCII,
    /** UTF-8: special characters, accented letters and table frames as the Unicode characters they name. */
    UTF8
}
