package io.proxybench.analysis;

import io.proxybench.records.Outcome;
import java.util.Set;

/**
 * Sorts one response into seed 002's five outcomes. A pure function: the same {@link Input} always gives
 * the same {@link Outcome}, so the runner can call it per request and {@code analyze} per record.
 *
 * <p>Rules, first match wins:
 * <ol>
 *   <li>the target's certificate not trusted ({@value #UNTRUSTED_TARGET}): {@link Outcome#TARGET_ERROR}, since
 *       the proxy did its part;</li>
 *   <li>an error in a proxy-side phase ({@code queue dns tcp proxy_tls socks connect tls}):
 *       {@link Outcome#PROXY_FAILURE}; an error in any other phase (e.g. {@code request}):
 *       {@link Outcome#TARGET_ERROR}, since the tunnel to the target was up;</li>
 *   <li>status 407, which only a proxy answers (a forward proxy refusing the credentials):
 *       {@link Outcome#PROXY_FAILURE};</li>
 *   <li>status 403, 429 or 503: {@link Outcome#HARD_BLOCK};</li>
 *   <li>a challenge ({@code cf-mitigated: challenge}), or a body under 20% of the median body of
 *       successes: {@link Outcome#SOFT_BLOCK}, whatever the status;</li>
 *   <li>any other 4xx or 5xx (404 and 410 included): {@link Outcome#TARGET_ERROR};</li>
 *   <li>2xx: {@link Outcome#DATA} if there is no {@link Expect} or it matches the body, else
 *       {@link Outcome#SOFT_BLOCK} (a 200 without the data);</li>
 *   <li>anything else (1xx, 3xx): {@link Outcome#TARGET_ERROR}.</li>
 * </ol>
 *
 * @param expect what a body must hold to be data; null to take every 2xx as data
 * @param medianBodyBytes median body length of the successes (status 200), in bytes; null to skip the
 *     small-body rule (e.g. before any success)
 */
public record BlockClassifier(Expect expect, Double medianBodyBytes) {
    /** The error of a TLS handshake with the target that failed on its certificate: the target's, not the proxy's. */
    public static final String UNTRUSTED_TARGET = "tls_UntrustedCertificate";

    /** Proxy Authentication Required: a proxy's answer, never a target's. */
    public static final int PROXY_AUTH_STATUS = 407;

    /** A body shorter than this fraction of {@link #medianBodyBytes} is a soft block. */
    public static final double SMALL_BODY_FRACTION = 0.2;

    private static final Set<String> PROXY_PHASES =
            Set.of("queue", "dns", "tcp", "proxy_tls", "socks", "connect", "tls");

    /**
     * What the classifier looks at in one response.
     *
     * @param status HTTP status from the target; null when none arrived
     * @param error {@code <phase>_<Reason>} as in the records (e.g. {@code tls_TimeoutException}); null if none
     * @param challenge whether the response had a {@code cf-mitigated: challenge} header
     * @param bodyBytes length of the response body in bytes; null when unknown
     * @param body the response body as text, for {@link Expect}; null when not kept
     */
    public record Input(Integer status, String error, boolean challenge, Long bodyBytes, String body) {
        /** @throws IllegalArgumentException if there is neither a status nor an error */
        public Input {
            if (status == null && error == null) {
                throw new IllegalArgumentException(
                        "a response needs a status or an error; pass the error label of a failed request");
            }
        }
    }

    /** The outcome of {@code in}, by the rules in the class comment. */
    public Outcome classify(Input in) {
        if (UNTRUSTED_TARGET.equals(in.error())) {
            return Outcome.TARGET_ERROR;
        }
        if (in.error() != null) {
            return PROXY_PHASES.contains(phaseOf(in.error())) ? Outcome.PROXY_FAILURE : Outcome.TARGET_ERROR;
        }
        int status = in.status();
        if (status == PROXY_AUTH_STATUS) {
            return Outcome.PROXY_FAILURE;
        }
        if (status == 403 || status == 429 || status == 503) {
            return Outcome.HARD_BLOCK;
        }
        if (in.challenge() || isSmall(in.bodyBytes())) {
            return Outcome.SOFT_BLOCK;
        }
        if (status >= 400 && status <= 599) {
            return Outcome.TARGET_ERROR;
        }
        if (status >= 200 && status <= 299) {
            return expect == null || expect.matches(in.body()) ? Outcome.DATA : Outcome.SOFT_BLOCK;
        }
        return Outcome.TARGET_ERROR;
    }

    private boolean isSmall(Long bodyBytes) {
        return bodyBytes != null && medianBodyBytes != null && bodyBytes < SMALL_BODY_FRACTION * medianBodyBytes;
    }

    /** The phase of an error label, e.g. {@code proxy_tls} of {@code proxy_tls_SSLException}. */
    public static String phaseOf(String error) {
        if (error.startsWith("proxy_tls_")) {
            return "proxy_tls";
        }
        int underscore = error.indexOf('_');
        return underscore < 0 ? error : error.substring(0, underscore);
    }
}
