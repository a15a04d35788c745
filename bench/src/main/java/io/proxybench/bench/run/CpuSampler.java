package io.proxybench.bench.run;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

/**
 * Samples this process's CPU load once a second during a run, so the summary can say when the client itself was
 * the bottleneck. A load is the share of all cores' time this process used, from 0 to 1.
 */
public final class CpuSampler implements AutoCloseable {

    /** Mean load at or above which the client counts as saturated. */
    public static final double SATURATED = 0.85;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "proxybench-cpu");
        t.setDaemon(true);
        return t;
    });
    private final DoubleSupplier load;
    private double sum;
    private double max;
    private int samples;

    /** Samples the process CPU load of this JVM. */
    public static CpuSampler start() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new CpuSampler(os::getProcessCpuLoad, true);
    }

    CpuSampler(DoubleSupplier load, boolean schedule) {
        this.load = load;
        if (schedule) {
            timer.scheduleAtFixedRate(this::sample, 1, 1, TimeUnit.SECONDS);
        }
    }

    synchronized void sample() {
        double v = load.getAsDouble();
        if (v >= 0) {
            sum += v;
            max = Math.max(max, v);
            samples++;
        }
    }

    /** The samples so far: mean and highest load. */
    public synchronized CpuLoad result() {
        return new CpuLoad(samples == 0 ? 0 : sum / samples, max, samples);
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
