package io.proxybench.watch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What one {@code proxybench watch} watches and where it serves and keeps it, checked: from a config file
 * ({@link io.proxybench.watch.config.ConfigFile}) or from flags ({@link io.proxybench.watch.config.WatchSettings}).
 *
 * @param site this watcher's name in every series' {@code site} label, e.g. a region
 * @param listenHost the address the page and {@code /metrics} are served on
 * @param listenPort their port, 0 for any free one
 * @param history the history directory ({@link io.proxybench.records.history.HistoryDir})
 * @param retain how long a day of history is kept after it ends
 * @param historyCapBytes the most the history directory may hold, bytes; the oldest days go first
 * @param probeEvery how often each provider is probed, zero for never
 * @param token the token the page and {@code /metrics} ask for, or null for none
 * @param providers what is watched, at least one, names unique
 */
public record WatchConfig(String site, String listenHost, int listenPort, Path history, Duration retain,
        long historyCapBytes, Duration probeEvery, String token, List<WatchedProvider> providers) {

    public static final String DEFAULT_SITE = "local";
    public static final String DEFAULT_LISTEN_HOST = "127.0.0.1";
    public static final int DEFAULT_LISTEN_PORT = 9464;
    public static final Path DEFAULT_HISTORY = Path.of("watch-history");
    public static final Duration DEFAULT_RETAIN = Duration.ofDays(14);
    public static final long DEFAULT_HISTORY_CAP_BYTES = 1L << 30;
    public static final Duration DEFAULT_PROBE_EVERY = Duration.ofMinutes(30);

    public WatchConfig {
        providers = List.copyOf(providers);
    }

    /** The provider named {@code name}. */
    public WatchedProvider provider(String name) {
        return providers.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no provider " + name));
    }

    /** As shown to a person: the providers and the site; never the token. */
    @Override
    public String toString() {
        return "watch of " + providers.size() + " provider(s) at site " + site;
    }
}
