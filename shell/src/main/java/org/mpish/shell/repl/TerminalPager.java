package org.mpish.shell.repl;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import org.jline.builtins.Less;
import org.jline.builtins.Options;
import org.jline.builtins.Source;
import org.jline.terminal.Terminal;
import org.mpish.shell.Session;

/** JLine's less on the real terminal: -F quits at once when the text fits on one screen. */
final class TerminalPager implements Session.Pager {
    private final Terminal terminal;
    private volatile org.jline.widget.TailTipWidgets tips;

    TerminalPager(Terminal terminal) { this.terminal = terminal; }

    /** The synopsis widget, switched off while a page is shown (its status rows would push the page up). */
    void setTips(org.jline.widget.TailTipWidgets t) { tips = t; }

    @Override
    public void page(String text) {
        // the synopsis status bar would take rows from the pager: hide it while paging
        org.jline.widget.TailTipWidgets t = tips;
        if (t != null) t.disable();
        org.jline.utils.Status status = org.jline.utils.Status.getStatus(terminal, false);
        if (status != null) status.suspend();
        try {
            Options opts = Options.compile(Less.usage()).parse(new Object[] {"-F"});
            new Less(terminal, Paths.get(""), opts).run(new Source.InputStreamSource(
                    new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, "manual page"));
        } catch (Exception e) {
            terminal.writer().print(text);
            terminal.writer().flush();
        } finally {
            if (status != null) status.restore();
            if (t != null) t.enable();
        }
    }

    @Override public int width() { return terminal.getWidth(); }
}
