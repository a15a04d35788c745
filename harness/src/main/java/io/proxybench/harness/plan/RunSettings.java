package io.proxybench.harness.plan;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.metrics.MetricsSettings;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.ShardSettings;
import io.proxybench.harness.schedule.Stage;
import io.proxybench.net.Transport;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The settings of an open-loop run (or its closed-loop comparison) as they were given, before any is checked: what
 * {@code run}'s options say, set one by one. {@link #check} checks them together, in a fixed order, and returns the
 * {@link CheckedRun} that builds the {@link RunPlan}. Its messages name the settings as the command line spells them
 * ({@code --rate}, {@code --rotation sticky ... give --sessions N}), which {@code alternate}'s windows share.
 *
 * <p>The parts a command reads with parsers of its own (the URLs and the requests' shape, trust, the timeouts) are
 * given as functions, called when the check reaches them, so that a mistake in one is reported in the same order as
 * the others. A setting not set keeps this class's default, which is not always the command's: a command sets every
 * one it has an option for.
 */
public final class RunSettings {

    /** How long an idle connection stays open unless {@link #keepAlive} says otherwise. */
    public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(60);

    /**
     * Without a most in flight, the open-files check plans for this many seconds of arrivals at the peak rate in
     * flight at once (seed 002 saw 803 tunnels open at 1k req/s); a burst counts as arriving within it.
     */
    public static final double IN_FLIGHT_SECONDS = 2;

    Double rate;
    Duration duration;
    String ramp;
    Integer burst;
    Duration every;
    boolean poisson;
    long seed;
    Integer closedLoop;
    int maxInFlight;
    ShardSettings shards = new ShardSettings(null, null, null, null);
    MetricsSettings metrics = new MetricsSettings(null, null, Duration.ZERO, false, false);
    Supplier<List<URI>> urls = () -> TargetUrls.read(null, null);
    Function<List<URI>, List<ProxyRequest>> requests = u -> List.of();
    String urlOrder = "rotate";
    ProxySpec proxy;
    Path proxyFile;
    boolean proxyHttp2;
    Integer proxyMaxStreams;
    int sessions;
    String rotation;
    boolean providerGiven;
    boolean templateGiven;
    Supplier<SessionTemplate> sessionTemplate = () -> null;
    Supplier<TlsSettings> tls = TlsSettings::system;
    int ioThreads = Transport.sharedMachineThreads();
    boolean http11;
    Duration keepAlive;
    Supplier<Timeouts> timeouts = Timeouts::defaults;
    boolean followRedirects;
    Integer maxRedirects;
    boolean noCookies;
    boolean disableCompression;
    String warmUp = "auto";
    boolean noWarmUp;
    Duration warmUpFor;
    int retries;
    String expect;
    String expectJson;
    boolean keepBody;
    boolean keepGoing;
    List<String> failIf = List.of();
    boolean abortOnFail;
    boolean noRecords;
    Predicate<String> given = option -> false;

    /** {@code --rate}: arrivals per second, evenly spaced or Poisson; null without. */
    public RunSettings rate(Double perSecond) {
        this.rate = perSecond;
        return this;
    }

    /** {@code --duration}: how long the schedule (or closed loop) runs; null without. */
    public RunSettings duration(Duration duration) {
        this.duration = duration;
        return this;
    }

    /** {@code --ramp}: stages instead of a rate, e.g. {@code 100/s:10s,500/s:20s}; null without. */
    public RunSettings ramp(String stages) {
        this.ramp = stages;
        return this;
    }

    /** {@code --burst}: requests sharing one scheduled time, every {@link #every}; null without. */
    public RunSettings burst(Integer size) {
        this.burst = size;
        return this;
    }

    /** {@code --every}: time between bursts; null without. */
    public RunSettings every(Duration every) {
        this.every = every;
        return this;
    }

    /** {@code --poisson}: Poisson arrivals at the rate. */
    public RunSettings poisson(boolean poisson) {
        this.poisson = poisson;
        return this;
    }

    /** {@code --seed}: for Poisson arrivals and targets drawn at random. */
    public RunSettings seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** {@code --closed-loop}: workers of the closed-loop comparison instead of a schedule; null without. */
    public RunSettings closedLoop(Integer workers) {
        this.closedLoop = workers;
        return this;
    }

    /** {@code --max-in-flight}: requests in flight at most, 0 for no limit. */
    public RunSettings maxInFlight(int requests) {
        this.maxInFlight = requests;
        return this;
    }

    /** {@code --shard}, {@code --segment}, {@code --segment-sequence} and {@code --start-at}. */
    public RunSettings shards(ShardSettings shards) {
        this.shards = shards;
        return this;
    }

    /** {@code --metrics-port}, {@code --metrics-host} and {@code --metrics-linger}. */
    public RunSettings metrics(MetricsSettings metrics) {
        this.metrics = metrics;
        return this;
    }

    /**
     * {@code --url} and {@code --url-file}, read (at least one, each checked by the command's own converter), and how
     * each becomes a request ({@code --method}, {@code --header}, {@code --data}, ...).
     */
    public RunSettings targets(Supplier<List<URI>> urls, Function<List<URI>, List<ProxyRequest>> requests) {
        this.urls = urls;
        this.requests = requests;
        return this;
    }

    /** {@code --url-order}: {@code rotate} or {@code random}. */
    public RunSettings urlOrder(String order) {
        this.urlOrder = order;
        return this;
    }

    /** {@code --proxy}; null for direct or a proxy file. */
    public RunSettings proxy(ProxySpec proxy) {
        this.proxy = proxy;
        return this;
    }

    /** {@code --proxy-file}, a {@link ProxyFile} read when the settings are checked; null without. */
    public RunSettings proxyFile(Path file) {
        this.proxyFile = file;
        return this;
    }

    /** {@code --proxy-http2}. */
    public RunSettings proxyHttp2(boolean http2) {
        this.proxyHttp2 = http2;
        return this;
    }

    /** {@code --proxy-max-streams}; null for the default. */
    public RunSettings proxyMaxStreams(Integer streams) {
        this.proxyMaxStreams = streams;
        return this;
    }

    /** {@code --sessions}: sticky sessions requests rotate over, 0 for none. */
    public RunSettings sessions(int sessions) {
        this.sessions = sessions;
        return this;
    }

    /** {@code --rotation}: sticky, window:DURATION or per-request; null for the default. */
    public RunSettings rotation(String policy) {
        this.rotation = policy;
        return this;
    }

    /** The session options ({@code --provider}, {@code --session-template}, ...), checked when these are. */
    public RunSettings sessionTemplate(SessionSettings sessions) {
        this.providerGiven = sessions.provider() != null;
        this.templateGiven = sessions.templateText() != null;
        this.sessionTemplate = sessions::templateOrNull;
        return this;
    }

    /** {@code --ca} and {@code --insecure}, read. */
    public RunSettings tls(Supplier<TlsSettings> tls) {
        this.tls = tls;
        return this;
    }

    /** {@code --io-threads}: the client's event loops, at least 1. */
    public RunSettings ioThreads(int threads) {
        this.ioThreads = threads;
        return this;
    }

    /** {@code --http1.1}: offer the target only http/1.1. */
    public RunSettings http11(boolean http11) {
        this.http11 = http11;
        return this;
    }

    /** {@code --keep-alive}; null for {@link #DEFAULT_KEEP_ALIVE}. */
    public RunSettings keepAlive(Duration idle) {
        this.keepAlive = idle;
        return this;
    }

    /** {@code --timeout}, read. */
    public RunSettings timeouts(Supplier<Timeouts> timeouts) {
        this.timeouts = timeouts;
        return this;
    }

    /** {@code -L} and {@code --max-redirects} (null for the default). */
    public RunSettings redirects(boolean follow, Integer maxRedirects) {
        this.followRedirects = follow;
        this.maxRedirects = maxRedirects;
        return this;
    }

    /** {@code --no-cookies}. */
    public RunSettings noCookies(boolean noCookies) {
        this.noCookies = noCookies;
        return this;
    }

    /** {@code --disable-compression}. */
    public RunSettings disableCompression(boolean disable) {
        this.disableCompression = disable;
        return this;
    }

    /** {@code --warmup} ({@code auto} when not given) and the two options it replaced; see {@link WarmUp#asked}. */
    public RunSettings warmUp(String warmUp, boolean noWarmUp, Duration warmUpFor) {
        this.warmUp = warmUp;
        this.noWarmUp = noWarmUp;
        this.warmUpFor = warmUpFor;
        return this;
    }

    /** {@code --retries}: sends after a failed one, 0 for none. */
    public RunSettings retries(int retries) {
        this.retries = retries;
        return this;
    }

    /** {@code --expect} and {@code --expect-json}, each null without. */
    public RunSettings expect(String regex, String jsonKey) {
        this.expect = regex;
        this.expectJson = jsonKey;
        return this;
    }

    /** {@code --keep-body}. */
    public RunSettings keepBody(boolean keep) {
        this.keepBody = keep;
        return this;
    }

    /** {@code --keep-going}. */
    public RunSettings keepGoing(boolean keepGoing) {
        this.keepGoing = keepGoing;
        return this;
    }

    /** {@code --fail-if}'s conditions and {@code --abort-on-fail}. */
    public RunSettings failIf(List<String> conditions, boolean abortOnFail) {
        this.failIf = List.copyOf(conditions);
        this.abortOnFail = abortOnFail;
        return this;
    }

    /** {@code --no-records}. */
    public RunSettings noRecords(boolean noRecords) {
        this.noRecords = noRecords;
        return this;
    }

    /** Whether the setting of this command-line name was given rather than defaulted, e.g. {@code --out}. */
    public RunSettings given(Predicate<String> given) {
        this.given = given;
        return this;
    }

    /**
     * Checks every setting, writing nothing and dialling nothing, so that a mistake fails before a run opens its
     * records file or a connection.
     *
     * @throws IllegalArgumentException naming the setting at fault and the fix
     */
    public CheckedRun check() {
        return RunSettingsCheck.check(this);
    }

    /** The warm-up asked for, see {@link WarmUp#asked}. */
    public WarmUp warmUp() {
        return WarmUp.asked(warmUp, noWarmUp, warmUpFor);
    }

    /**
     * How long the warm-up at the peak rate lasts: the one asked for, else the open loop's default, else none.
     *
     * @param share the part of the schedule this process fires, 1 for all of it
     */
    public Duration warmUpLength(double share) {
        Duration length = warmUp().length();
        if (length != null) {
            return length;
        }
        return closedLoop == null ? RunPlan.defaultWarmUp(warmUpRate(share)) : Duration.ZERO;
    }

    /**
     * The highest arrival rate of a process firing {@code share} of the schedule, requests per second (a burst
     * counts as arriving within {@link #IN_FLIGHT_SECONDS}).
     */
    double peakRate(double share) {
        if (burst != null) {
            return share * burst / IN_FLIGHT_SECONDS;
        }
        if (ramp != null) {
            return share * ArrivalSchedule.parseStages(ramp).stream().mapToDouble(Stage::ratePerSec).max().orElse(0);
        }
        return share * rate;
    }

    /** The rate the warm-up sends at, requests per second: the highest stage's, or the bursts' average. */
    double warmUpRate(double share) {
        return burst != null ? share * burst * 1e9 / every.toNanos() : peakRate(share);
    }

    /** The schedule's length (or the closed loop's), for the time left on the progress line. */
    Duration plannedDuration() {
        return ramp == null ? duration
                : ArrivalSchedule.parseStages(ramp).stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
    }
}
