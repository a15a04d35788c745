package io.proxybench.watch.check;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.harness.engine.Records;
import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.CheckMode;
import io.proxybench.watch.WatchedProvider;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One provider's trickle of checks: rotating ones, each on a new tunnel closed after it (so each pays and times the
 * proxy's handshake and a rotating provider gives it a new exit; over HTTP/2 too, as their client keeps no idle
 * connection), and, when sessions can be written into its credentials, sticky ones in one session on a kept-alive
 * tunnel, from a client of their own; each kind at the provider's rate, on a shared
 * clock thread that only starts sends (the sends are asynchronous), so a provider that fails, stalls or is slow
 * never delays another's checks. At most {@link #maxInFlight} checks are in flight at once; a check due beyond that
 * is counted as skipped, never queued, so a stalled provider holds bounded memory.
 */
public final class ProviderWatch implements AutoCloseable {

    /** The most of a target's body a check keeps (the rest is read and counted): a trace is a few hundred bytes. */
    static final int MAX_BODY_BYTES = 64 * 1024;

    /** The session key of the sticky checks. */
    static final String SESSION_KEY = "watch";

    /** Told each check as it ends; on the provider's client thread. */
    public interface Checked {
        /**
         * @param record its record; times count from {@code day}'s 00:00 UTC (a check begun before midnight has a
         *     negative {@code sched})
         * @param day the UTC day it ended in
         * @param doneMillis when it ended, Unix milliseconds
         */
        void checked(CheckMode mode, RequestRecord record, LocalDate day, long doneMillis);

        /** A check due while the provider already had its most in flight. */
        void skipped(CheckMode mode);

        /** Sending or counting a check failed in watch itself (a bug): said, and the checks go on. */
        void failed(RuntimeException e);
    }

    private final WatchedProvider provider;
    /** The rotating checks' client: keeps no connection idle, so each check's tunnel closes after it. */
    private final ProxyClient rotatingClient;
    /** The sticky checks' client, keeping its session's tunnel alive between checks; null without sessions. */
    private final ProxyClient stickyClient;
    private final WallClock clock;
    private final Checked checked;
    private final Records records = Records.plain();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong abandoned = new AtomicLong();
    private volatile boolean stopping;
    private final int maxInFlight;
    private final ProxyRequest rotating;
    private final ProxyRequest sticky;
    private ScheduledFuture<?>[] timers = new ScheduledFuture<?>[0];

    public ProviderWatch(WatchedProvider provider, WallClock clock, Checked checked) {
        this.provider = provider;
        this.clock = clock;
        this.checked = checked;
        this.rotatingClient = client(provider).limits(PoolLimits.builder().keepAlive(Duration.ZERO).build()).build();
        this.stickyClient = provider.sticky()
                ? client(provider).sessions(provider.sessions(), SessionRouter.stickyPerKey()).build() : null;
        ProxyRequest get = ProxyRequest.get(provider.target().toString());
        this.rotating = get.withNewConnection().withHeader("Connection", "close");
        this.sticky = provider.sticky() ? get.withSessionKey(SESSION_KEY) : null;
        double seconds = provider.timeout().toMillis() / 1000.0;
        this.maxInFlight = (int) Math.max(4, Math.ceil(provider.perSecond() * seconds * 2));
    }

    private static ProxyClient.Builder client(WatchedProvider provider) {
        return ProxyClient.builder().proxy(provider.proxy()).tls(provider.tls()).redirects(RedirectPolicy.none())
                .ioThreads(1).timeouts(Timeouts.builder().call(provider.timeout()).build())
                .keepBodyPrefix(MAX_BODY_BYTES);
    }

    /** Starts the checks on {@code timer}: the rotating ones at once, the sticky ones half a period later. */
    public synchronized void start(ScheduledExecutorService timer) {
        long periodMicros = Math.max(1, Math.round(1e6 / provider.perSecond()));
        ScheduledFuture<?> r = timer.scheduleAtFixedRate(() -> fire(CheckMode.ROTATING), 0, periodMicros,
                TimeUnit.MICROSECONDS);
        if (sticky == null) {
            timers = new ScheduledFuture<?>[] {r};
            return;
        }
        ScheduledFuture<?> s = timer.scheduleAtFixedRate(() -> fire(CheckMode.STICKY), periodMicros / 2,
                periodMicros, TimeUnit.MICROSECONDS);
        timers = new ScheduledFuture<?>[] {r, s};
    }

    /**
     * Sends one check, unless {@link #maxInFlight} are in flight. Never throws: the timer would cancel this
     * provider's checks for good.
     */
    private void fire(CheckMode mode) {
        try {
            if (inFlight.incrementAndGet() > maxInFlight) {
                inFlight.decrementAndGet();
                checked.skipped(mode);
                return;
            }
            long sched = clock.epochNanos();
            try {
                ProxyClient client = mode == CheckMode.ROTATING ? rotatingClient : stickyClient;
                client.send(mode == CheckMode.ROTATING ? rotating : sticky, (response, failure) ->
                        done(mode, sched, response, failure));
            } catch (RuntimeException e) {
                done(mode, sched, null, e);
            }
        } catch (RuntimeException e) {
            checked.failed(e);
        }
    }

    private void done(CheckMode mode, long sched, ProxyResponse response, Throwable failure) {
        if (stopping) {
            // Cut off by watch's own stop, not by the provider: not a check's result.
            inFlight.decrementAndGet();
            abandoned.incrementAndGet();
            return;
        }
        long done = clock.epochNanos();
        LocalDate day = HistoryDir.dayOf(Instant.ofEpochSecond(0, done));
        long dayStart = HistoryDir.startOf(day).getEpochSecond() * 1_000_000_000L;
        try {
            RequestRecord r = response != null
                    ? records.of(sched - dayStart, sched - dayStart, done - dayStart, response, 1, null)
                    : records.failed(sched - dayStart, sched - dayStart, done - dayStart, failure, 1, null);
            checked.checked(mode, r, day, done / 1_000_000L);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /** Sends no more checks; those in flight go on ({@link #inFlight()}). */
    public synchronized void stop() {
        for (ScheduledFuture<?> t : timers) {
            t.cancel(false);
        }
    }

    /** Checks sent and not yet ended. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Checks cut off by {@link #close()}: neither written nor counted. */
    public long abandoned() {
        return abandoned.get();
    }

    /**
     * Stops the checks and closes the clients; checks still in flight are cut off and counted in
     * {@link #abandoned()}, not told: their failure would be watch's stop, not the provider's.
     */
    @Override
    public void close() {
        stop();
        stopping = true;
        rotatingClient.close();
        if (stickyClient != null) {
            stickyClient.close();
        }
    }
}
