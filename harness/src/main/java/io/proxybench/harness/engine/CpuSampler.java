package io.proxybench.harness.engine;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Measures this process's CPU load during a run, so the summary can say when the client itself was the
 * bottleneck. A load is the share of all cores' time this process used, from 0 to 1, computed from the process's
 * CPU time over wall time: the mean covers the whole run, the maximum the busiest second.
 */
public final class CpuSampler implements AutoCloseable {

    /** Mean load at or above which the client counts as saturated. */
    public static final double SATURATED = 0.85;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "proxybench-cpu");
        t.setDaemon(true);
        return t;
    });
    private final LongSupplier cpuNanos;
    private final LongSupplier wallNanos;
    private final int cores;
    private final long firstCpuNanos;
    private final long firstWallNanos;
    private long lastCpuNanos;
    private long lastWallNanos;
    private double max;
    private int samples;

    /** Measures this JVM's CPU time on {@link System#nanoTime}, a sample a second. */
    public static CpuSampler start() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        CpuSampler sampler = new CpuSampler(os::getProcessCpuTime, System::nanoTime,
                Runtime.getRuntime().availableProcessors());
        sampler.timer.scheduleAtFixedRate(sampler::sample, 1, 1, TimeUnit.SECONDS);
        return sampler;
    }

    /**
     * @param cpuNanos the process's CPU time so far, nanoseconds (all threads)
     * @param wallNanos a monotonic clock, nanoseconds
     * @param cores the cores the process may use
     */
    CpuSampler(LongSupplier cpuNanos, LongSupplier wallNanos, int cores) {
        this.cpuNanos = cpuNanos;
        this.wallNanos = wallNanos;
        this.cores = cores;
        this.firstCpuNanos = this.lastCpuNanos = cpuNanos.getAsLong();
        this.firstWallNanos = this.lastWallNanos = wallNanos.getAsLong();
    }

    /** Ends a sample: the load since the previous one. */
    synchronized void sample() {
        long cpu = cpuNanos.getAsLong();
        long wall = wallNanos.getAsLong();
        if (wall > lastWallNanos && cpu >= 0) {
            max = Math.max(max, load(cpu - lastCpuNanos, wall - lastWallNanos));
            samples++;
            lastCpuNanos = cpu;
            lastWallNanos = wall;
        }
    }

    /** The load so far: the mean from the start to now, and the highest sample (a final one is taken now). */
    public synchronized CpuLoad result() {
        sample();
        return new CpuLoad(samples == 0 ? 0 : load(lastCpuNanos - firstCpuNanos, lastWallNanos - firstWallNanos),
                max, samples);
    }

    private double load(long cpuNanos, long wallNanos) {
        return (double) cpuNanos / ((double) wallNanos * cores);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** Process CPU load over a run, each value a share of all cores from 0 to 1. */
    public record CpuLoad(double mean, double max, int samples) {

        public boolean saturated() {
            return samples > 0 && mean >= SATURATED;
        }
    }
}
