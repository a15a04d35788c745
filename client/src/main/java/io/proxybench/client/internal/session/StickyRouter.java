package io.proxybench.client.internal.session;

import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionRouter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link SessionRouter#stickyPerKey()} and {@link SessionRouter#stickyPerWindow(Duration)}.
 *
 * <p>The id is a pure function of (key, generation, window index), so concurrent callers for one key agree without
 * locking: the key's ASCII letters and digits (first {@value #READABLE} of them, for reading logs), 12 hex characters
 * of the SHA-256 of the whole key (so {@code a-1} and {@code a1} differ, also to a case-insensitive gateway), then
 * {@code g} + the key's generation (how many times it was blocked) and, with windows, {@code w} + the window index.
 * At most 16 + 12 + 11 + 20 = 59 characters. Only blocked keys hold state, besides a cache of the first
 * {@value #CACHED_PREFIXES} keys' readable-and-hash prefixes (a hash per request cost about 1.5 µs and 0.9 KB).
 */
public final class StickyRouter implements SessionRouter {

    private static final int READABLE = 16;
    private static final int HASH_BYTES = 6;
    /** Keys whose prefix is kept; later keys have theirs computed per call, so memory stays bounded. */
    private static final int CACHED_PREFIXES = 65_536;

    /** Null for one window that never ends. */
    private final Duration window;
    private final long windowNanos;
    private final AtomicReference<Long> startNanos = new AtomicReference<>();
    private final Map<String, Integer> generations = new ConcurrentHashMap<>();
    private final Map<String, String> prefixes = new ConcurrentHashMap<>();

    public StickyRouter(Duration window) {
        if (window != null && (window.isNegative() || window.isZero())) {
            throw new IllegalArgumentException("session window " + window + " must be positive, e.g."
                    + " Duration.ofSeconds(30)");
        }
        this.window = window;
        this.windowNanos = window == null ? 0 : window.toNanos();
    }

    @Override
    public String sessionFor(String key, long nowNanos) {
        Objects.requireNonNull(key, "key");
        StringBuilder id = new StringBuilder(59);
        id.append(prefix(key)).append('g').append(generations.getOrDefault(key, 0));
        if (window != null) {
            startNanos.compareAndSet(null, nowNanos);
            id.append('w').append(Math.max(0, Math.floorDiv(nowNanos - startNanos.get(), windowNanos)));
        }
        return id.toString();
    }

    @Override
    public void blocked(String key) {
        Objects.requireNonNull(key, "key");
        generations.merge(key, 1, Integer::sum);
    }

    @Override
    public String description() {
        return window == null ? "sticky per key" : "sticky per " + format(window) + " window";
    }

    /** The key's readable letters and digits, then its hash. */
    private String prefix(String key) {
        String cached = prefixes.get(key);
        if (cached != null) {
            return cached;
        }
        StringBuilder prefix = new StringBuilder(READABLE + 2 * HASH_BYTES);
        for (int i = 0; i < key.length() && prefix.length() < READABLE; i++) {
            char c = key.charAt(i);
            if (asciiAlphanumeric(c)) {
                prefix.append(c);
            }
        }
        String made = prefix.append(hash(key)).toString();
        if (prefixes.size() < CACHED_PREFIXES) {
            prefixes.putIfAbsent(key, made);
        }
        return made;
    }

    private static boolean asciiAlphanumeric(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static String hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, HASH_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing, though every Java platform must provide it", e);
        }
    }

    /** {@code N[smh]} for whole seconds, else milliseconds or nanoseconds. */
    private static String format(Duration d) {
        if (d.getNano() == 0) {
            return SessionParams.formatLifetime(d);
        }
        return d.getNano() % 1_000_000 == 0 ? d.toMillis() + "ms" : d.toNanos() + "ns";
    }
}
