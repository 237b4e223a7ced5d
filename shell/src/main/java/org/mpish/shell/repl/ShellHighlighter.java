package org.mpish.shell.repl;

import java.util.regex.Pattern;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;
import org.mpish.shell.Session;

/** Colours the command word: bold for a known call or shell command, red for an unknown one. */
final class ShellHighlighter implements Highlighter {
    private final Session session;

    ShellHighlighter(Session session) { this.session = session; }

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        AttributedStringBuilder sb = new AttributedStringBuilder();
        if (!session.printer().color()) return sb.append(buffer).toAttributedString();
        int i = 0;
        while (i < buffer.length() && Character.isWhitespace(buffer.charAt(i))) i++;
        if (i < buffer.length() && buffer.charAt(i) == '@') {
            int s = i;
            while (i < buffer.length() && !Character.isWhitespace(buffer.charAt(i))) i++;
            sb.append(buffer.substring(0, s));
            sb.styled(AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN), buffer.substring(s, i));
            int w = i;
            while (i < buffer.length() && Character.isWhitespace(buffer.charAt(i))) i++;
            sb.append(buffer.substring(w, i));
        } else {
            sb.append(buffer.substring(0, i));
        }
        int st = i;
        while (i < buffer.length() && !Character.isWhitespace(buffer.charAt(i))) i++;
        String word = buffer.substring(st, i);
        if (!word.isEmpty()) {
            boolean known = session.catalogue().call(word) != null || session.builtins().containsKey(word.toLowerCase());
            sb.styled(known ? AttributedStyle.BOLD : AttributedStyle.DEFAULT.foreground(AttributedStyle.RED), word);
        }
        sb.append(buffer.substring(i));
        return sb.toAttributedString();
    }

    @Override public void setErrorPattern(Pattern errorPattern) {}
    @Override public void setErrorIndex(int errorIndex) {}
}
