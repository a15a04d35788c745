package io.proxybench.watch;

import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.check.ProviderWatch;
import io.proxybench.watch.check.WallClock;
import io.proxybench.watch.history.HistoryQueue;
import io.proxybench.watch.history.HistoryRestore;
import io.proxybench.watch.history.HistoryWriter;
import io.proxybench.watch.history.Retention;
import io.proxybench.watch.live.LastProbe;
import io.proxybench.watch.live.Minute;
import io.proxybench.watch.live.ProviderLive;
import io.proxybench.watch.metrics.WatchMetrics;
import io.proxybench.watch.probe.ProviderProbes;
import io.proxybench.watch.server.WatchServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code proxybench watch} as a library: each provider of a {@link WatchConfig} checked for as long as it runs
 * ({@link ProviderWatch}), probed every so often, counted into its live figures ({@link ProviderLive}), its metrics
 * ({@link WatchMetrics}) and its history ({@link HistoryWriter}), served as a page and metrics
 * ({@link WatchServer}). A restart reads the history back and continues it. Memory is fixed by the providers
 * configured: nothing grows with checks or hours. {@link #close()} stops the checks, flushes the history and stops
 * serving.
 */
public final class Watch implements AutoCloseable {

    /** A console line's time: UTC, as every time watch writes. */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** How long checks in flight get to end when watch stops, all providers together. */
    static final Duration STOP_GRACE = Duration.ofSeconds(2);

    private final WatchConfig config;
    private final PrintWriter err;
    private final WallClock clock = new WallClock();
    private final HistoryDir history;
    private final Retention retention;
    private final List<ProviderLive> lives = new ArrayList<>();
    private final List<HistoryWriter> writers = new ArrayList<>();
    private final List<ProviderWatch> watches = new ArrayList<>();
    private final Map<String, LastProbe> probes = new ConcurrentHashMap<>();
    private final ProviderNews news;
    private final AtomicLong historyBytes = new AtomicLong();
    private final ScheduledExecutorService timer;
    private final WatchMetrics metrics;
    private final WatchServer server;
    private final ProviderProbes prober;
    private final HistoryQueue queue;
    private volatile boolean overCap;
    /** The last retention failure said, so that it is said once; on the history thread only. */
    private String retentionFailure;

    private Watch(WatchConfig config, String version, PrintWriter err) throws IOException {
        this.config = config;
        this.err = err;
        this.history = new HistoryDir(config.history());
        Files.createDirectories(config.history());
        if (!Files.isWritable(config.history())) {
            throw new IOException(config.history() + " is not writable: give --history a directory watch may write");
        }
        this.retention = new Retention(history, config.retain(), config.historyCapBytes());
        this.queue = new HistoryQueue(line -> say("%s", line));
        this.news = new ProviderNews(config.providers(), line -> say("%s", line));
        Instant now = Instant.ofEpochMilli(clock.epochMillis());
        for (WatchedProvider p : config.providers()) {
            lives.add(restore(p, now));
            writers.add(new HistoryWriter(history, p.name()));
        }
        historyBytes.set(retention.bytes());
        this.metrics = new WatchMetrics(config.site(), version, config.providers(), lives, probes::get,
                historyBytes::get, this::dropped);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "proxybench-watch-clock");
            t.setDaemon(true);
            return t;
        });
        this.server = new WatchServer(config.listenHost(), config.listenPort(), metrics.registry(), this::series,
                config.token());
        this.prober = new ProviderProbes(config.providers(), this::probed, err);
    }

    /**
     * Starts watching: the history read back, the page and metrics served, the checks and probes started.
     *
     * @param version proxybench's version, for {@code proxybench_watch_info}
     * @param err where what happens is said: where it serves, a provider going down or coming back
     * @throws IOException when the history cannot be written or the address cannot be bound
     */
    public static Watch start(WatchConfig config, String version, PrintWriter err) throws IOException {
        Watch watch = new Watch(config, version, err);
        watch.begin();
        return watch;
    }

    private ProviderLive restore(WatchedProvider p, Instant now) throws IOException {
        HistoryRestore.Restored restored = HistoryRestore.read(history, p.name(), now);
        long from = restored.minutes().isEmpty() ? now.getEpochSecond()
                : restored.minutes().get(restored.minutes().size() - 1).t() + 60;
        if (!restored.tail().isEmpty()) {
            from = Math.min(from, restored.tail().get(0).doneMillis() / 1000);
        }
        ProviderLive live = new ProviderLive(p.name(), p.proxy().toString(), from);
        live.restore(restored.minutes());
        List<Minute> closed = new ArrayList<>();
        for (HistoryRestore.Replayed r : restored.tail()) {
            CheckMode mode = r.record().session() != null ? CheckMode.STICKY : CheckMode.ROTATING;
            Minute m = live.add(r.record(), mode, r.doneMillis());
            if (m != null) {
                closed.add(m);
            }
        }
        Minute last = live.tick(now.getEpochSecond());
        if (last != null) {
            closed.add(last);
        }
        if (!closed.isEmpty()) {
            try (HistoryWriter w = new HistoryWriter(history, p.name())) {
                closed.stream().filter(m -> m.checks() > 0).forEach(w::minute);
            }
        }
        if (restored.probe() != null) {
            probes.put(p.name(), restored.probe());
        }
        return live;
    }

    private void begin() {
        for (int i = 0; i < config.providers().size(); i++) {
            int index = i;
            WatchedProvider p = config.providers().get(i);
            ProviderWatch w = new ProviderWatch(p, clock, new ProviderWatch.Checked() {
                @Override
                public void checked(CheckMode mode, RequestRecord record, LocalDate day, long doneMillis) {
                    Watch.this.checked(index, mode, record, day, doneMillis);
                }

                @Override
                public void skipped(CheckMode mode) {
                    metrics.skipped(index);
                }

                @Override
                public void failed(RuntimeException e) {
                    say("%s: a check could not be sent or counted (%s: %s); the checks go on", p.name(),
                            e.getClass().getSimpleName(), e.getMessage());
                }
            });
            watches.add(w);
            w.start(timer);
        }
        timer.scheduleAtFixedRate(this::everySecond, 1, 1, TimeUnit.SECONDS);
        timer.scheduleAtFixedRate(this::current, 2, 2, TimeUnit.SECONDS);
        timer.scheduleAtFixedRate(() -> queue.offer(this::retain), 0, 1, TimeUnit.MINUTES);
        if (!config.probeEvery().isZero()) {
            prober.start(config.probeEvery());
        }
        err.printf(Locale.ROOT, "watch: %d provider(s) at site %s%n", config.providers().size(), config.site());
        for (WatchedProvider p : config.providers()) {
            err.printf(Locale.ROOT, "  %s, checking %s%s%n", p, p.target(), p.sticky() ? " (rotating and sticky)"
                    : " (rotating; no session dialect, so no sticky checks)");
        }
        String host = config.listenHost().contains(":") ? "[" + config.listenHost() + "]" : config.listenHost();
        err.printf(Locale.ROOT, "page:    http://%s:%d/%s%n", host, server.port(),
                config.token() == null ? "" : "?token=...");
        err.printf(Locale.ROOT, "metrics: http://%s:%d/metrics%n", host, server.port());
        err.printf(Locale.ROOT, "history: %s (days kept %d, at most %s)%n", config.history(), config.retain().toDays(),
                size(config.historyCapBytes()));
        err.println("Stop with Ctrl-C or SIGTERM: the history is flushed every second and on stop.");
        err.flush();
    }

    private void checked(int index, CheckMode mode, RequestRecord r, LocalDate day, long doneMillis) {
        HistoryWriter writer = writers.get(index);
        queue.offer(() -> writer.record(r, day));
        metrics.count(index, mode, r);
        Minute closed = lives.get(index).add(r, mode, doneMillis);
        if (closed != null) {
            closedMinute(index, closed);
        }
        news.checked(index, r);
    }

    private void closedMinute(int index, Minute m) {
        HistoryWriter writer = writers.get(index);
        queue.offer(() -> writer.minute(m));
        server.publish("minute", Map.of("provider", config.providers().get(index).name(), "minute", m));
    }

    /** Every second: minutes closed, the history flushed, the clock kept to the wall's. Never throws. */
    private void everySecond() {
        try {
            clock.resync();
            long now = clock.epochMillis() / 1000;
            for (int i = 0; i < lives.size(); i++) {
                Minute closed = lives.get(i).tick(now);
                if (closed != null) {
                    closedMinute(i, closed);
                }
            }
            queue.offer(this::flush);
        } catch (RuntimeException e) {
            say("a second's work failed (%s: %s); watch goes on", e.getClass().getSimpleName(), e.getMessage());
        }
    }

    private void flush() {
        for (HistoryWriter w : writers) {
            try {
                w.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Every 2 s: each provider's minute so far to the open pages. Never throws: a periodic task would stop. */
    private void current() {
        try {
            for (ProviderLive l : lives) {
                server.publish("current", Map.of("provider", l.name(), "minute", l.current()));
            }
        } catch (RuntimeException e) {
            say("page: cannot send the minute so far (%s)", e.getMessage());
        }
    }

    private void retain() {
        try {
            Retention.Pass pass = retention.enforce(Instant.ofEpochMilli(clock.epochMillis()));
            historyBytes.set(pass.bytes());
            for (var removed : pass.removed()) {
                say("history: removed %s (older than %d days, or the history was over %s)", removed,
                        config.retain().toDays(), size(config.historyCapBytes()));
            }
            if (pass.overCap() != overCap) {
                overCap = pass.overCap();
                writers.forEach(w -> w.paused(pass.overCap()));
                say(overCap ? "history: today's files alone are over %s: records are no longer written until"
                        + " tomorrow (minutes and probes are); raise --history-cap or lower the rate"
                        : "history: under %s again: records are written again", size(config.historyCapBytes()));
            }
            retentionFailure = null;
        } catch (IOException | RuntimeException e) {
            if (!String.valueOf(e.getMessage()).equals(retentionFailure)) {
                retentionFailure = String.valueOf(e.getMessage());
                say("history: cannot keep its limits (%s)", e.getMessage());
            }
        }
    }

    private void probed(String provider, LastProbe probe) {
        probes.put(provider, probe);
        HistoryWriter writer = writers.get(index(provider));
        queue.offer(() -> writer.probe(probe));
        server.publish("probe", Map.of("provider", provider, "probe", probe));
        news.probed(provider, probe);
    }

    private int index(String provider) {
        for (int i = 0; i < config.providers().size(); i++) {
            if (config.providers().get(i).name().equals(provider)) {
                return i;
            }
        }
        throw new IllegalArgumentException(provider);
    }

    /** What {@code /api/series} answers. */
    private Object series() {
        List<Map<String, Object>> providers = new ArrayList<>();
        for (ProviderLive l : lives) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("name", l.name());
            p.put("proxy", l.proxy());
            p.put("minutes", l.minutes());
            p.put("current", l.current());
            p.put("probe", probes.get(l.name()));
            providers.add(p);
        }
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("site", config.site());
        series.put("now", clock.epochMillis());
        series.put("minute_seconds", 60);
        series.put("providers", providers);
        return series;
    }

    /** Writes to the history dropped so far: the disk behind, or records while over the cap. */
    private long dropped() {
        return queue.dropped() + writers.stream().mapToLong(HistoryWriter::dropped).sum();
    }

    /** The port the page and metrics are served on. */
    public int port() {
        return server.port();
    }

    private void say(String format, Object... args) {
        synchronized (err) {
            err.print(TIME.format(Instant.ofEpochMilli(clock.epochMillis())) + " ");
            err.printf(Locale.ROOT, format, args);
            err.println();
            err.flush();
        }
    }

    private static String size(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%d MB", bytes >> 20);
    }

    /** Stops the checks and probes, writes the history out and stops serving. */
    @Override
    public void close() {
        prober.close();
        watches.forEach(ProviderWatch::stop);
        long end = System.nanoTime() + STOP_GRACE.toNanos();
        try {
            while (watches.stream().anyMatch(w -> w.inFlight() > 0) && System.nanoTime() < end) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        watches.forEach(ProviderWatch::close);
        long abandoned = watches.stream().mapToLong(ProviderWatch::abandoned).sum();
        if (abandoned > 0) {
            say("%d check(s) still in flight after %d s were cut off by the stop: not written, not counted",
                    abandoned, STOP_GRACE.toSeconds());
        }
        timer.shutdownNow();
        server.close();
        queue.close(() -> {
            for (int i = 0; i < writers.size(); i++) {
                try {
                    writers.get(i).close();
                } catch (IOException e) {
                    say("history: cannot close %s's files (%s)", config.providers().get(i).name(), e.getMessage());
                }
            }
        }, 10);
    }
}
