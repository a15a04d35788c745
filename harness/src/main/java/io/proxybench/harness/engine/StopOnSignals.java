package io.proxybench.harness.engine;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM during a run, as hey and k6 take them: the first stops the run without losing it (the
 * schedule stops, requests in flight get a short grace, records and logs are flushed, the summary of the part that
 * ran is printed, the exit code is 130 or 143); a second exits at once, with the records written so far flushed.
 * The JVM's own handlers (which would end the process at once, losing the run) come back on {@link #close}.
 */
public final class StopOnSignals implements AutoCloseable {

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final SignalHandler[] previous = new SignalHandler[SIGNALS.length];

    private StopOnSignals() {}

    /** Handles both signals for {@code runner} until closed; what happens is said on {@code err}. */
    public static StopOnSignals install(Runner runner, PrintWriter err) {
        StopOnSignals installed = new StopOnSignals();
        AtomicInteger received = new AtomicInteger();
        for (int i = 0; i < SIGNALS.length; i++) {
            StopReason reason = i == 0 ? StopReason.SIGINT : StopReason.SIGTERM;
            installed.previous[i] = Signal.handle(new Signal(SIGNALS[i]), signal -> {
                if (received.getAndIncrement() == 0) {
                    err.printf("%nproxybench: %s: stopping the schedule; requests in flight get up to %d s, then the"
                            + " summary of what ran (%s again to exit at once)%n", reason.cause(),
                            Runner.STOP_GRACE.toSeconds(), reason.cause());
                    err.flush();
                    runner.stop(reason);
                } else {
                    runner.flush();
                    err.printf("proxybench: %s again: records flushed, exiting now without a summary%n",
                            reason.cause());
                    err.flush();
                    Runtime.getRuntime().halt(reason.exitCode());
                }
            });
        }
        return installed;
    }

    @Override
    public void close() {
        for (int i = 0; i < SIGNALS.length; i++) {
            Signal.handle(new Signal(SIGNALS[i]), previous[i]);
        }
    }
}
