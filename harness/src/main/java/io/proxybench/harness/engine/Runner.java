package io.proxybench.harness.engine;

import io.proxybench.analysis.diagnosis.EarlyFailures;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.event.PoolGauges;
import io.proxybench.harness.Durations;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.sinks.RecordSink;
import io.proxybench.harness.summary.PoolAfter;
import io.proxybench.harness.summary.WarmUpDone;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Executes a {@link RunPlan} into a {@link RunResult}: builds the client, warms it up, waits for the shard's start
 * when there is one, fires the schedule (or runs the closed loop), and fans every record out to the run's
 * statistics and then to its sinks, in the order given. Holds no record: memory grows with the plan (sessions,
 * exits, connections), never with the run's length in records.
 *
 * <p>{@link #stop} (any thread, e.g. a signal handler) ends the run early without losing it: the schedule stops, the
 * requests in flight get a grace of their timeout, at most {@link #STOP_GRACE}, and each still unanswered then is
 * recorded as {@link Records#ABORTED}; sinks are closed as usual and the result says where the run was cut. A
 * runner runs once.
 */
public final class Runner {

    /** The longest a stopped run waits for the requests in flight. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(5);

    /** Where the warm-up's request numbers start: far from the run's, whose rotation they must not shift. */
    private static final long WARMUP_NUMBERS = 1L << 40;

    private final RunPlan plan;
    private final List<RecordSink> sinks;
    private final Consumer<String> notices;
    private final RunStatistics statistics = new RunStatistics();
    /** The first requests to end, the warm-up's included: a broken setup stops the run unless it keeps going. */
    private final EarlyFailures early;
    private final Object lock = new Object();
    private volatile LoadRunner current;
    private volatile StopReason stopReason;
    private volatile double stoppedAtSeconds = Double.NaN;
    private volatile long startNanos;
    /** The warm-up the run had, once it has had it; null without one. */
    private WarmUpDone warmUpDone;
    private boolean ran;

    /**
     * @param sinks where each record goes after the run's statistics, in this order
     * @param notices what the runner has to say while it runs (warming up, waiting for a start time), a line each
     */
    public Runner(RunPlan plan, List<RecordSink> sinks, Consumer<String> notices) {
        this.plan = plan;
        this.sinks = List.copyOf(sinks);
        this.notices = notices;
        this.early = new EarlyFailures(plan.setup());
    }

    /** A runner with no sinks but its statistics, and no notices. */
    public Runner(RunPlan plan) {
        this(plan, List.of(), line -> { });
    }

    /**
     * Runs the plan to its end, or to a {@link #stop}, and returns what it measured.
     *
     * @throws IOException when a sink could not write
     * @throws IllegalStateException on a second call, or when the client's warm-up failed
     */
    public RunResult run() throws IOException, InterruptedException {
        synchronized (lock) {
            if (ran) {
                throw new IllegalStateException("a Runner runs once");
            }
            ran = true;
        }
        int bodyBytes = plan.expect() != null || plan.keepBody() ? plan.maxBodyBytes() : RunPlan.TRACE_BODY_BYTES;
        try (ProxyClient client = plan.client().timeouts(plan.timeouts()).keepBodyPrefix(bodyBytes).build()) {
            warmUp(client);
            Counts before = client.counters().total();
            long warmUpConnections = before.created();
            GatewayStats gatewaysBefore = client.gatewayStats();
            awaitStart();
            List<RecordSink> fan = new ArrayList<>();
            fan.add(new StatisticsSink());
            fan.add(this::watchEarly);
            fan.addAll(sinks);
            LoadRunner runner = runner(client, records(), r -> {
                for (int i = 0; i < fan.size(); i++) {
                    fan.get(i).accept(r);
                }
            }, plan.retries());
            current = runner;
            if (stopReason != null) {
                runner.stop(graceNanos());
            }
            Live live = new Live(runner);
            RunnerCounters stats;
            CpuSampler.CpuLoad cpu;
            IOException sinkFailure = null;
            startNanos = System.nanoTime();
            try (CpuSampler sampler = CpuSampler.start(); ThresholdWatch watch = ThresholdWatch.start(plan, live)) {
                for (RecordSink sink : sinks) {
                    sink.start(live);
                }
                stats = runner.run();
                cpu = sampler.result();
            } finally {
                for (RecordSink sink : sinks) {
                    try {
                        sink.close();
                    } catch (IOException e) {
                        sinkFailure = sinkFailure == null ? e : sinkFailure;
                    }
                }
            }
            if (sinkFailure != null) {
                throw sinkFailure;
            }
            Counts during = client.counters().total().since(before);
            GatewayStats gatewaysAfter = client.gatewayStats();
            PoolGauges atEnd = client.poolGauges();
            client.close(); // early, so that the result can say whether every connection closed
            RunStatistics result;
            synchronized (statistics) {
                result = statistics;
            }
            return new RunResult(plan.describe(), plan.closedLoop() != null, result, stats, during, gatewaysBefore,
                    gatewaysAfter, PoolAfter.of(atEnd, client.counters().total()), cpu, stopReason,
                    stoppedAtSeconds, plan.thresholds().check(result), warmUpDone, warmUpConnections,
                    plan.sessionKeys().size(), plan.setup().proxy() != null, plan.keepGoing(),
                    early.diagnosis().or(early::ofFewer).orElse(null));
        }
    }

    /**
     * Stops the run as a signal would, from any thread; later calls are ignored. Before the schedule starts
     * (warm-up, waiting for a start time) the run ends without a record.
     */
    public void stop(StopReason reason) {
        synchronized (lock) {
            if (stopReason != null) {
                return;
            }
            stopReason = reason;
            stoppedAtSeconds = startNanos == 0 ? 0 : (System.nanoTime() - startNanos) / 1e9;
        }
        LoadRunner runner = current;
        if (runner != null) {
            runner.stop(graceNanos());
        }
        sinks.forEach(sink -> {
            try {
                sink.flush();
            } catch (IOException e) {
                notices.accept("cannot flush: " + e.getMessage());
            }
        });
    }

    /** Pushes every sink's buffered records to its file, e.g. before the process halts on a second signal. */
    public void flush() {
        for (RecordSink sink : sinks) {
            try {
                sink.flush();
            } catch (IOException e) {
                notices.accept("cannot flush: " + e.getMessage());
            }
        }
    }

    /** The stop's grace: the longest call's timeout, at most {@link #STOP_GRACE}, nanoseconds. */
    private long graceNanos() {
        return Math.min(STOP_GRACE.toNanos(), plan.timeouts().longestCall().toNanos());
    }

    private void warmUp(ProxyClient client) throws InterruptedException {
        if (plan.warmUpSessions() && !plan.sessionKeys().isEmpty() && stopReason == null) {
            try {
                client.warmUp(plan.sessionKeys(), plan.targets().get(0).uri().toString())
                        .get(plan.timeouts().longestCall().toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("the warm-up of the sessions failed: " + e.getMessage(), e);
            }
        }
        if (plan.warmUpFor().isZero()) {
            return;
        }
        if (plan.startAt() != null) {
            sleepUntil(plan.startAt().minus(plan.warmUpFor()).minus(RunPlan.WARM_UP_MARGIN), "warming up");
        }
        if (stopReason != null) {
            return;
        }
        notices.accept(String.format(Locale.ROOT, "warming up for %s (discarded)...",
                Durations.format(plan.warmUpFor())));
        LongFunction<ProxyRequest> requests = n -> plan.request(n + WARMUP_NUMBERS);
        // The warm-up's records go the run's way (made alike, into statistics and each sink's rehearsal) so that
        // the JIT has compiled that path too, and are dropped.
        RunStatistics scratch = new RunStatistics();
        Consumer<RequestRecord> rehearse = r -> {
            synchronized (scratch) {
                scratch.add(r);
            }
            watchEarly(r);
            sinks.forEach(sink -> sink.rehearse(r));
        };
        LoadRunner warm = plan.closedLoop() == null
                ? OpenLoopRunner.on(client, ArrivalSchedule.constant(plan.warmUpRate(), plan.warmUpFor()),
                        requests, new SendPolicy(plan.maxInFlight(), 0, plan.drainNanos()), records(),
                        rehearse)
                : new ClosedLoopRunner(plan.warmUpFor().toNanos(), requests, client::send,
                        new SendPolicy(plan.closedLoop().workers(), 0, plan.drainNanos()), records(), rehearse,
                        System::nanoTime, Sleeper.parking(System::nanoTime));
        current = warm;
        if (stopReason != null) {
            warm.stop(graceNanos());
        }
        long sent = warm.run().sent();
        current = null;
        warmUpDone = new WarmUpDone(plan.warmUpFor().toNanos() / 1e9, plan.closedLoop() == null ? plan.warmUpRate() : 0,
                sent, plan.warmUpByDefault());
    }

    /**
     * Waits for the plan's start time, if it has one, unless stopped meanwhile.
     *
     * @throws IllegalStateException when it passed more than {@link RunPlan#LATE_LIMIT} ago (the warm-up overran)
     */
    private void awaitStart() throws InterruptedException {
        if (plan.startAt() == null) {
            return;
        }
        long lateMillis = Duration.between(plan.startAt(), Instant.now()).toMillis();
        if (lateMillis > RunPlan.LATE_LIMIT.toMillis()) {
            throw new IllegalStateException(String.format(Locale.ROOT, "the start at %s passed %.1f s ago: this"
                    + " shard would fire late and crowd its share into less time; give every shard a later time",
                    plan.startAt(), lateMillis / 1e3));
        }
        sleepUntil(plan.startAt(), "the start at " + plan.startAt());
    }

    private void sleepUntil(Instant then, String what) throws InterruptedException {
        long millis = Duration.between(Instant.now(), then).toMillis();
        if (millis >= 1_000) {
            notices.accept(String.format(Locale.ROOT, "waiting %.1f s for %s...", millis / 1e3, what));
        }
        for (long left; stopReason == null && (left = Duration.between(Instant.now(), then).toMillis()) > 0; ) {
            Thread.sleep(Math.min(left, 50));
        }
    }

    /**
     * Hands one of the first records to {@link #early}; when they all failed in setup for one reason the run stops
     * with the diagnosis, from another thread (this one may be the client's I/O thread, which the stop's grace
     * needs), unless the plan keeps going.
     */
    private void watchEarly(RequestRecord r) {
        early.add(r).ifPresent(diagnosis -> {
            if (!plan.keepGoing()) {
                Thread stopper = new Thread(() -> stop(StopReason.setupFailed(diagnosis)), "proxybench-setup-failed");
                stopper.setDaemon(true);
                stopper.start();
            }
        });
    }

    /** How the run makes its records: its checks, whether bodies are kept, its segment. */
    private Records records() {
        return new Records(plan.expect(), plan.keepBody(), plan.segment());
    }

    private LoadRunner runner(ProxyClient client, Records records, Consumer<RequestRecord> sink, int retries) {
        SendPolicy policy = new SendPolicy(plan.closedLoop() == null ? plan.maxInFlight()
                : plan.closedLoop().workers(), retries, plan.drainNanos());
        if (plan.closedLoop() == null) {
            ArrivalSchedule schedule = plan.schedule();
            return OpenLoopRunner.on(client, schedule, n -> plan.request(schedule.globalIndex(n)), policy, records,
                    sink);
        }
        return new ClosedLoopRunner(plan.closedLoop().duration().toNanos(), plan::request, client::send, policy,
                records, sink, System::nanoTime, Sleeper.parking(System::nanoTime));
    }

    /** The run's statistics, filled first, under their own lock. */
    private final class StatisticsSink implements RecordSink {
        @Override
        public void accept(RequestRecord record) {
            synchronized (statistics) {
                statistics.add(record);
            }
        }
    }

    /** The run as sinks see it while it runs. */
    private final class Live implements LiveRun {
        private final LoadRunner runner;

        Live(LoadRunner runner) {
            this.runner = runner;
        }

        @Override
        public RunnerCounters counters() {
            return runner.stats();
        }

        @Override
        public <T> T statistics(Function<RunStatistics, T> read) {
            synchronized (statistics) {
                return read.apply(statistics);
            }
        }

        @Override
        public double plannedSeconds() {
            return plan.planned().toNanos() / 1e9;
        }

        @Override
        public void stop(StopReason reason) {
            Runner.this.stop(reason);
        }
    }
}
