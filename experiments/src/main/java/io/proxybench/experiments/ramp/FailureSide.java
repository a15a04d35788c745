package io.proxybench.experiments.ramp;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which side a request that did not succeed is put down to, from its record alone, as a plan's limit shows it: the
 * proxy gateway refused it, the target blocked it, or it failed some other way. The record's outcome must be set
 * (as {@link io.proxybench.analysis.stats.RecordClassifier} sets it).
 *
 * <p>Gateway refusals, by error label ({@code <phase>_<Reason>}, phase from {@link BlockClassifier#phaseOf}):
 * <ul>
 *   <li>a CONNECT answered with a 4xx status: the plan turned it away, e.g. {@code connect_407} (credentials),
 *       {@code connect_429} (a concurrency or rate cap), {@code connect_403} (a destination it does not allow);</li>
 *   <li>a SOCKS5 refusal: credentials rejected or missing ({@code socks_AuthFailed}, {@code socks_AuthRequired}) or
 *       a CONNECT reply other than success ({@code socks_Forbidden}, {@code socks_ConnectionRefused}, ...), and
 *       {@code socks_ProxyConnectException}, a SOCKS5 negotiation that failed otherwise (timed out);</li>
 *   <li>in the phases before the tunnel ({@code tcp}, {@code proxy_tls}, {@code connect}, {@code socks}): the gateway
 *       refused the TCP connection ({@code ConnectException}) or reset or closed it ({@code SocketException},
 *       {@code NativeIoException}, {@code IOException}, {@code ClosedChannelException}).</li>
 * </ul>
 * Target blocks: records without an error whose outcome is {@code hard_block} (403, 429, 503) or {@code soft_block}
 * (a challenge). Everything else that is not a success (status 200 with data) is another failure: timeouts, TLS
 * errors, a 404 or 500 from the target, and a CONNECT answered 5xx ({@code connect_502}: the gateway took the tunnel
 * but its exit could not reach the target, which is no limit of the plan). A plain-HTTP request forwarded by an HTTP proxy gets the gateway's own
 * refusal as a response status, which this cannot tell from the target's: tunnelled requests only.
 */
public enum FailureSide {
    GATEWAY,
    TARGET,
    OTHER;

    /** A CONNECT the gateway answered with a 4xx status; 5xx means it accepted the tunnel but could not dial. */
    private static final Pattern CONNECT_REFUSED = Pattern.compile("connect_4\\d{2}");
    /** The client's SOCKS5 refusal labels (every RFC 1928 reply, RFC 1929 rejections) and a negotiation's failure. */
    private static final Set<String> SOCKS_REFUSED = Set.of("socks_AuthFailed", "socks_AuthRequired",
            "socks_GeneralFailure", "socks_Forbidden", "socks_NetworkUnreachable", "socks_HostUnreachable",
            "socks_ConnectionRefused", "socks_TtlExpired", "socks_CommandUnsupported", "socks_AddressUnsupported",
            "socks_UnassignedReply", "socks_ProxyConnectException");
    private static final Set<String> BEFORE_TUNNEL = Set.of("tcp", "proxy_tls", "connect", "socks");
    private static final Set<String> REFUSED_OR_RESET = Set.of("ConnectException", "SocketException",
            "NativeIoException", "IOException", "ClosedChannelException");

    /** The side {@code r} is put down to, or null when it is a success (status 200, outcome data). */
    public static FailureSide of(RequestRecord r) {
        if (r.error() != null) {
            return refusedByGateway(r.error()) ? GATEWAY : OTHER;
        }
        if (r.outcome() == null) {
            throw new IllegalArgumentException("the record done at " + r.done() + " s has no outcome; classify the"
                    + " records first (Outcomes.of)");
        }
        if (r.outcome() == Outcome.HARD_BLOCK || r.outcome() == Outcome.SOFT_BLOCK) {
            return TARGET;
        }
        return r.ok() && r.outcome() == Outcome.DATA ? null : OTHER;
    }

    /**
     * What a failed record shows in the per-label counts: its error label, or its outcome and status (e.g.
     * {@code hard_block_429}, {@code target_error_404}).
     */
    public static String label(RequestRecord r) {
        return r.error() != null ? r.error() : r.outcome().jsonName() + "_" + r.status();
    }

    private static boolean refusedByGateway(String error) {
        if (CONNECT_REFUSED.matcher(error).matches() || SOCKS_REFUSED.contains(error)) {
            return true;
        }
        String phase = BlockClassifier.phaseOf(error);
        return BEFORE_TUNNEL.contains(phase) && error.length() > phase.length()
                && REFUSED_OR_RESET.contains(error.substring(phase.length() + 1));
    }

    /** The lower-case name used in tables and JSON, e.g. {@code gateway}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
