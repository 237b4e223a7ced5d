package org.mpish.shell.man;

import java.util.Arrays;

/**
 * The tab stops of the terminal (mandoc's term_tab.c): explicit stops set by {@code .ta}, then
 * periodic ones, every 5 columns by default.
 */
final class TabStops {
    private static final int TAB_WIDTH = 5;

    /** Explicit tab stops (columns from the line's start), then the periodic ones added after them. */
    private int[] tabs = new int[0];
    private int tabCount;
    private int[] period = {TAB_WIDTH};
    private boolean recordingPeriod;

    /**
     * Changes tab stops as {@code .ta} does (mandoc's rules): null clears them, {@code T} makes
     * the following stops repeat, {@code +N} is relative to the previous stop.
     */
    void set(String arg) {
        if (arg == null) {
            tabCount = 0;
            period = new int[0];
            recordingPeriod = false;
            return;
        }
        if (arg.equals("T")) {
            recordingPeriod = true;
            return;
        }
        boolean add = arg.startsWith("+");
        int pos = Units.hspan(add ? arg.substring(1) : arg, 'm');
        if (pos == Units.INVALID) {
            return;
        }
        pos = Math.max(pos, 0);
        if (recordingPeriod) {
            period = Arrays.copyOf(period, period.length + 1);
            period[period.length - 1] = pos;
        } else {
            if (tabCount == tabs.length) {
                tabs = Arrays.copyOf(tabs, tabs.length + 8);
            }
            tabs[tabCount] = pos + (add && tabCount > 0 ? tabs[tabCount - 1] : 0);
            tabCount++;
        }
    }

    /** The next tab stop after column {@code prev} (prev itself when there is none). */
    int next(int prev) {
        for (int i = 0; ; i++) {
            if (i == tabCount) {
                if (period.length == 0 || tabCount > 100000) {
                    return prev;
                }
                if (tabs.length < tabCount + period.length) {
                    tabs = Arrays.copyOf(tabs, Math.max(tabs.length * 2, tabCount + period.length));
                }
                for (int j = 0; j < period.length; j++) {
                    tabs[i + j] = period[j] + (i > 0 ? tabs[i - 1] : 0);
                }
                tabCount += period.length;
            }
            if (prev < tabs[i]) {
                return tabs[i];
            }
        }
    }
}
