package io.proxybench.watch.live;

import io.proxybench.records.RequestRecord;
import io.proxybench.watch.CheckMode;
import java.util.List;

/**
 * What the page and the metrics show of one provider: its closed minutes of the last {@link #MINUTES_KEPT}, the
 * minute so far, the exits of its last rotating checks, its sticky session's life and its last check. Its memory is
 * allocated when it is made (about 200 KB for the day of minutes, and the minute so far's histograms), and holds,
 * whatever the rate and however long watch runs. Thread-safe.
 */
public final class ProviderLive {

    /** A day of minutes. */
    public static final int MINUTES_KEPT = 24 * 60;
    /** The closed minutes the {@code proxybench_watch_*} ratios average over. */
    public static final int RECENT_MINUTES = 5;

    private final String name;
    private final String proxy;
    private final MinuteRing minutes = new MinuteRing(MINUTES_KEPT);
    private final MinuteCounter current;
    private final ExitWindow exits = new ExitWindow();
    private final StickyLife sticky = new StickyLife();
    private volatile LastCheck last;

    /**
     * @param proxy the proxy as shown, password masked
     * @param nowSeconds Unix seconds now
     */
    public ProviderLive(String name, String proxy, long nowSeconds) {
        this.name = name;
        this.proxy = proxy;
        this.current = new MinuteCounter(minuteOf(nowSeconds));
    }

    public String name() {
        return name;
    }

    public String proxy() {
        return proxy;
    }

    /** The start of the minute holding {@code seconds}, Unix seconds. */
    public static long minuteOf(long seconds) {
        return Math.floorDiv(seconds, 60) * 60;
    }

    /** Minutes read back from the history at start, oldest first; before any check. */
    public synchronized void restore(List<Minute> earlier) {
        for (Minute m : earlier) {
            if (m.t() < current.start()) {
                keep(m);
            }
        }
    }

    /**
     * Counts a check that ended at {@code doneMillis}.
     *
     * @return the minute this check closed (it ended after that minute), or null
     */
    public synchronized Minute add(RequestRecord r, CheckMode mode, long doneMillis) {
        Minute closed = tick(Math.floorDiv(doneMillis, 1000));
        current.add(r);
        if (r.ip() != null) {
            if (mode == CheckMode.ROTATING) {
                exits.add(r.ip());
            } else {
                sticky.seen(r.ip(), doneMillis / 1000.0);
            }
        }
        last = new LastCheck(r, doneMillis);
        return closed;
    }

    /**
     * Closes the minute so far if {@code nowSeconds} is past it, and starts the one holding {@code nowSeconds}.
     *
     * @return the minute closed, or null
     */
    public synchronized Minute tick(long nowSeconds) {
        long minute = minuteOf(nowSeconds);
        if (minute <= current.start()) {
            return null;
        }
        Minute closed = current.snapshot();
        keep(closed);
        current.restart(minute);
        return closed;
    }

    private void keep(Minute m) {
        minutes.add(m);
    }

    /** The closed minutes kept, oldest first. */
    public synchronized List<Minute> minutes() {
        return minutes.all();
    }

    /** The minute so far. */
    public synchronized Minute current() {
        return current.snapshot();
    }

    /** The last check, or null before any. */
    public LastCheck last() {
        return last;
    }

    /** Distinct exits among the last rotating checks ({@link ExitWindow#SIZE}); NaN before any. */
    public synchronized double exits() {
        return exits.filled() == 0 ? Double.NaN : exits.exits();
    }

    /** Distinct /24s among them; NaN before any. */
    public synchronized double subnets() {
        return exits.filled() == 0 ? Double.NaN : exits.subnets();
    }

    /** The current sticky session's age on one exit, seconds; NaN before any. */
    public synchronized double sessionAge() {
        return sticky.age();
    }

    /** The last ended sticky session's observed life, seconds; NaN until one ends. */
    public synchronized double sessionLife() {
        return sticky.lastLife();
    }

    /** Closed minutes added up. */
    public record Recent(long checks, long handshakes, long reused, long bytes) {}

    /** The last {@link #RECENT_MINUTES} closed minutes added up. */
    public synchronized Recent recent() {
        long checks = 0;
        long handshakes = 0;
        long bytes = 0;
        long reused = 0;
        for (int i = 0; i < RECENT_MINUTES && i < minutes.size(); i++) {
            Minute m = minutes.newest(i);
            checks += m.checks();
            handshakes += m.handshakes();
            bytes += m.bytes();
            reused += m.reused();
        }
        return new Recent(checks, handshakes, reused, bytes);
    }
}
