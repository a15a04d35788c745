package io.proxybench.experiments.load;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The highest value a gauge showed, read at a fixed period on a thread of its own from {@link #start} until
 * {@link #close}, and once at each end (seed 002 counted connections to the gateway every 50 ms).
 */
public final class PeakSampler implements AutoCloseable {

    private final LongSupplier gauge;
    private final AtomicLong peak = new AtomicLong(Long.MIN_VALUE);
    private final ScheduledExecutorService timer;

    private PeakSampler(LongSupplier gauge, Duration period) {
        this.gauge = gauge;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "peak-sampler");
            t.setDaemon(true);
            return t;
        });
        sample();
        timer.scheduleAtFixedRate(this::sample, period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Starts sampling {@code gauge} every {@code period}. */
    public static PeakSampler start(LongSupplier gauge, Duration period) {
        return new PeakSampler(gauge, period);
    }

    private void sample() {
        long now = gauge.getAsLong();
        peak.accumulateAndGet(now, Math::max);
    }

    /** The highest value read so far. */
    public long peak() {
        return peak.get();
    }

    /** Takes a last sample and stops. */
    @Override
    public void close() {
        timer.shutdownNow();
        sample();
    }
}
