package io.proxybench.client;

import io.proxybench.client.event.Phase;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * When a call is sent again, and how: which failures (by phase) and which responses (by status, or a test of the
 * response such as a block page's) are retried, how many attempts a call makes at most, the wait between them
 * (exponential backoff with full jitter, or the server's {@code Retry-After} when it sends one), and which responses
 * mean the session is blocked, so that the next attempt goes out through a new session (a new exit).
 *
 * <p>A streamed call ({@code ProxyClient.stream}) is retried on failures before its response's head only: the head
 * goes to its reader as it arrives.
 *
 * <p>A failure after the request was sent, and a response, are retried only for idempotent methods (GET, HEAD,
 * OPTIONS, TRACE, PUT, DELETE): a POST may have been acted on. Every attempt goes out on a new connection, and is its
 * own call to the event listener ({@code callStart} with its attempt number, and its end). Independently of the
 * policy, the client sends a request once more on a new connection when a reused one gave no response at all (the
 * peer had closed it): that is not an attempt the policy counts.
 *
 * <pre>{@code
 * RetryPolicy.builder().maxAttempts(3).onStatuses(429, 503).rotateSessionOn(403, 429)
 *         .backoff(Duration.ofMillis(200), Duration.ofSeconds(5)).build()
 * }</pre>
 */
public final class RetryPolicy {

    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE");
    private static final RetryPolicy NONE = new RetryPolicy(new Builder().maxAttempts(1));

    private final int maxAttempts;
    private final Set<Phase> phases;
    private final Set<Integer> statuses;
    private final Set<Integer> rotateOn;
    private final Predicate<ProxyResponse> blocked;
    private final Duration backoffBase;
    private final Duration backoffMax;
    private final Duration retryAfterMax;

    private RetryPolicy(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.phases = Set.copyOf(b.phases);
        this.statuses = Set.copyOf(b.statuses);
        this.rotateOn = Set.copyOf(b.rotateOn);
        this.blocked = b.blocked;
        this.backoffBase = b.backoffBase;
        this.backoffMax = b.backoffMax;
        this.retryAfterMax = b.retryAfterMax;
    }

    /**
     * No retries: every call makes one attempt (the default).
     *
     * @return the policy
     */
    public static RetryPolicy none() {
        return NONE;
    }

    /**
     * A builder: 3 attempts, on failures in the phases before the request is sent (DNS, TCP, proxy TLS, CONNECT,
     * SOCKS5, origin TLS), no status retried, backoff from 100 ms up to 5 s, {@code Retry-After} honoured up to 30 s.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The attempts a call makes at most, the first included.
     *
     * @return 1 or more
     */
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * Whether a call that failed in {@code phase} is sent again (given attempts left).
     *
     * @param phase where it failed
     * @param method the request's method
     * @return true to retry
     */
    public boolean retries(Phase phase, String method) {
        return phases.contains(phase) && (phase != Phase.REQUEST || idempotent(method));
    }

    /**
     * Whether {@code response} is sent again (given attempts left): its status is one the policy retries or one that
     * rotates the session, or its block test says so; for idempotent methods only.
     *
     * @param response the response
     * @param method the request's method
     * @return true to retry
     */
    public boolean retries(ProxyResponse response, String method) {
        return idempotent(method) && (statuses.contains(response.status()) || rotates(response));
    }

    /**
     * Whether {@code response} means its session is blocked: the next attempt then goes through a new session.
     *
     * @param response the response
     * @return true when its status is one named by {@link Builder#rotateSessionOn} or the block test says so
     */
    public boolean rotates(ProxyResponse response) {
        return rotateOn.contains(response.status()) || blocked != null && blocked.test(response);
    }

    /**
     * The wait before attempt {@code next}, full jitter: uniform in [0, min(max, base × 2^(next - 2))].
     *
     * @param next the attempt about to be made, 2 or more
     * @param random a uniform number in [0, 1)
     * @return the wait
     */
    public Duration backoff(int next, double random) {
        long base = backoffBase.toNanos();
        long cap = backoffMax.toNanos();
        long ceiling = next - 2 >= 62 || base > cap >> Math.min(62, next - 2) ? cap : Math.min(cap, base << (next - 2));
        return Duration.ofNanos((long) (ceiling * random));
    }

    /**
     * The longest {@code Retry-After} the policy waits; a server asking for longer gets no retry.
     *
     * @return the limit
     */
    public Duration retryAfterMax() {
        return retryAfterMax;
    }

    private static boolean idempotent(String method) {
        return IDEMPOTENT.contains(method.toUpperCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return maxAttempts == 1 ? "no retries" : maxAttempts + " attempts at most, on failures in " + phases
                + (statuses.isEmpty() ? "" : " and statuses " + new TreeSet<>(statuses))
                + (rotateOn.isEmpty() ? "" : ", a new session on " + new TreeSet<>(rotateOn));
    }

    /** Builds a policy; every setting has a default (see {@link RetryPolicy#builder()}). Not thread-safe. */
    public static final class Builder {
        private int maxAttempts = 3;
        private Set<Phase> phases = EnumSet.of(Phase.DNS, Phase.TCP, Phase.PROXY_TLS, Phase.CONNECT, Phase.SOCKS,
                Phase.TLS);
        private Set<Integer> statuses = Set.of();
        private Set<Integer> rotateOn = Set.of();
        private Predicate<ProxyResponse> blocked;
        private Duration backoffBase = Duration.ofMillis(100);
        private Duration backoffMax = Duration.ofSeconds(5);
        private Duration retryAfterMax = Duration.ofSeconds(30);

        private Builder() {}

        /**
         * The attempts a call makes at most, the first included.
         *
         * @param attempts 1 (no retries) or more
         * @return this builder
         * @throws IllegalArgumentException below 1
         */
        public Builder maxAttempts(int attempts) {
            if (attempts < 1) {
                throw new IllegalArgumentException("maxAttempts " + attempts + ": a call makes at least 1 attempt");
            }
            this.maxAttempts = attempts;
            return this;
        }

        /**
         * The phases whose failures are retried, instead of the setup phases; {@link Phase#REQUEST} (the request was
         * sent, perhaps acted on) only for idempotent methods.
         *
         * @param phases the phases
         * @return this builder
         */
        public Builder onPhases(Phase... phases) {
            this.phases = phases.length == 0 ? Set.of() : EnumSet.of(phases[0], phases);
            return this;
        }

        /**
         * Statuses retried on the same session, e.g. 429 and 503 (idempotent methods only).
         *
         * @param statuses HTTP statuses
         * @return this builder
         */
        public Builder onStatuses(int... statuses) {
            this.statuses = codes(statuses);
            return this;
        }

        /**
         * Statuses that mean the session is blocked, e.g. 403 and 429: the session is marked blocked (its key gets a
         * new session, so a new exit) and the call retried through it.
         *
         * @param statuses HTTP statuses
         * @return this builder
         */
        public Builder rotateSessionOn(int... statuses) {
            this.rotateOn = codes(statuses);
            return this;
        }

        /**
         * A test of a response that means the session is blocked (a challenge page, say): treated as
         * {@link #rotateSessionOn}'s statuses are.
         *
         * @param blocked true for a blocked response; it sees the whole response, body included
         * @return this builder
         */
        public Builder rotateSessionWhen(Predicate<ProxyResponse> blocked) {
            this.blocked = blocked;
            return this;
        }

        /**
         * The wait between attempts: before attempt n (n ≥ 2), a uniform random time up to
         * {@code min(max, base × 2^(n-2))} (full jitter, as AWS's advice has it).
         *
         * @param base the first ceiling, positive
         * @param max the largest ceiling, at least {@code base}
         * @return this builder
         */
        public Builder backoff(Duration base, Duration max) {
            if (base.isNegative() || base.isZero() || max.compareTo(base) < 0) {
                throw new IllegalArgumentException("backoff " + base + " up to " + max + ": the base must be positive"
                        + " and the maximum at least the base");
            }
            this.backoffBase = base;
            this.backoffMax = max;
            return this;
        }

        /**
         * The longest {@code Retry-After} honoured (a server asking for longer gets no retry); the server's wait
         * replaces the backoff when it sends one.
         *
         * @param max the limit, zero or more
         * @return this builder
         */
        public Builder retryAfterMax(Duration max) {
            this.retryAfterMax = Objects.requireNonNull(max, "max");
            return this;
        }

        /**
         * The policy.
         *
         * @return a new policy
         */
        public RetryPolicy build() {
            return new RetryPolicy(this);
        }

        private static Set<Integer> codes(int... statuses) {
            Set<Integer> set = new TreeSet<>();
            for (int s : statuses) {
                if (s < 100 || s > 599) {
                    throw new IllegalArgumentException("status " + s + " is not an HTTP status (100 to 599)");
                }
                set.add(s);
            }
            return set;
        }
    }
}
