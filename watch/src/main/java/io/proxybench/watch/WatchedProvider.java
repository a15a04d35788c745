package io.proxybench.watch;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import java.net.URI;
import java.time.Duration;

/**
 * One proxy or provider watched: a trickle of checks through it, rotating (each on a new tunnel, so each pays and
 * times the proxy's handshake) and, when sessions can be written into its credentials, sticky (one session kept),
 * each at {@code perSecond}, and a probe every so often.
 *
 * @param name its name in the page, the labels and the history ({@link io.proxybench.records.history.HistoryDir#NAME})
 * @param proxy the proxy, with its credentials when it takes any; its {@code toString} masks the password
 * @param sessions how sessions (and the country asked for) are written into the credentials; null when they are not:
 *     then only rotating checks are sent
 * @param target the URL checked, answering a trace ({@code ip=} and {@code loc=} lines) where the exit is to be seen
 * @param tls how the target's certificate is checked
 * @param perSecond checks per second of each kind, more than 0
 * @param timeout a check's limit, from its start to its response's end
 * @param sessionLife how long the provider documents a sticky session to last, or null when not said
 * @param p99Budget the p99 of a check's total above which the shipped alert fires
 */
public record WatchedProvider(String name, ProxySpec proxy, SessionTemplate sessions, URI target, TlsSettings tls,
        double perSecond, Duration timeout, Duration sessionLife, Duration p99Budget) {

    public static final double DEFAULT_PER_SECOND = 1;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_P99_BUDGET = Duration.ofSeconds(5);

    /** Whether a sticky session is kept beside the rotating checks. */
    public boolean sticky() {
        return sessions != null;
    }

    @Override
    public String toString() {
        return name + ": " + proxy;
    }
}
