package io.proxybench.demo;

import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Says every 10 s that a step is still running, until stopped, so that a slow step never looks hung. */
final class Heartbeat {

    private static final long PERIOD_SECONDS = 10;

    private final ScheduledExecutorService ticker;

    private Heartbeat(ScheduledExecutorService ticker) {
        this.ticker = ticker;
    }

    /** Starts saying that {@code step} is still running, on a daemon thread of its own. */
    static Heartbeat start(String step, DemoProgress progress) {
        long start = System.nanoTime();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "demo-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(() -> progress.line(String.format(Locale.ROOT, "      %s still running (%.0f s)",
                step, Demo.seconds(start))), PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
        return new Heartbeat(ticker);
    }

    /** Stops the ticker; a line being said at that moment may still finish. */
    void stop() {
        ticker.shutdownNow();
    }
}
