package io.proxybench.analysis.diagnosis;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.records.RequestRecord;
import java.util.Set;

/**
 * The diagnosis of one error label that every early request failed with: which side is at fault and the fix. A pure
 * function of the label, the proxy's reason and the {@link SetupContext}, so that {@code run} and {@code probe} say
 * the same of the same failures.
 */
public final class SetupFailures {

    /** The phases of setting a connection up, before the request is sent: a failure there is a setup failure. */
    private static final Set<String> SETUP_PHASES = Set.of("dns", "tcp", "proxy_tls", "socks", "connect", "tls");

    private SetupFailures() {}

    /** Whether {@code error} is a failure to set a connection up (to the proxy, through it, or TLS to the origin). */
    public static boolean isSetup(String error) {
        return error != null && SETUP_PHASES.contains(BlockClassifier.phaseOf(error));
    }

    /**
     * The setup failure {@code r} records, as an error label: its error when that is one; a forward proxy's 407
     * (an {@code http://} target's request answered by the proxy, not the target) as {@code connect_407}, the label
     * of a tunnel's; null when the request's setup worked.
     */
    public static String of(RequestRecord r) {
        if (isSetup(r.error())) {
            return r.error();
        }
        return r.error() == null && r.status() != null && r.status() == BlockClassifier.PROXY_AUTH_STATUS
                ? "connect_407" : null;
    }

    /**
     * The diagnosis of {@code failed} of the first {@code first} requests failing with {@code error}.
     *
     * @param reason the proxy's own words, as recorded; null when it said nothing
     */
    public static Diagnosis diagnose(String error, String reason, long failed, long first, SetupContext context) {
        Explained e = explain(error, context);
        return new Diagnosis(e.problem(), e.fix(), error, reason, failed, first);
    }

    private static Explained explain(String error, SetupContext c) {
        String at = c.endpoint();
        String phase = BlockClassifier.phaseOf(error);
        String what = error.substring(Math.min(error.length(), phase.length() + 1));
        String credentials = "check the user name and password given in " + c.credentialsFrom()
                + " (they are the proxy's, not the target's)";
        switch (error) {
            case "connect_407":
                return c.hasCredentials()
                        ? pair("the proxy at " + at + " refused the credentials (407 Proxy Authentication Required)",
                                credentials)
                        : pair("the proxy at " + at + " wants credentials (407 Proxy Authentication Required)",
                                "give them in the proxy URL, e.g. http://USER:PASS@" + at);
            case "socks_AuthFailed":
                return pair("the SOCKS5 proxy at " + at + " rejected the user name and password", credentials);
            case "socks_AuthRequired":
                return pair("the SOCKS5 proxy at " + at + " wants a user name and password",
                        "give them in the proxy URL, e.g. socks5h://USER:PASS@" + at);
            case "tls_UntrustedCertificate":
                return pair("the target's certificate (" + c.target() + ") is not trusted; the proxy did nothing"
                        + " wrong, so these count as target errors", "give the CA that signed the target's"
                        + " certificate with --ca FILE, or --insecure to skip certificate checks");
            case "proxy_tls_UntrustedCertificate":
                return pair("the https:// proxy's certificate (" + at + ") is not trusted",
                        "give the CA that signed the proxy's certificate with --ca FILE (it is trusted for the"
                                + " target too), or --insecure to skip certificate checks");
            case "tcp_ConnectException":
                return pair("nothing accepted a connection at " + at + " (connection refused)", c.proxy() != null
                        ? "is a proxy listening at " + at + "? Check the host and port in " + c.credentialsFrom()
                                + ", and that the proxy is running"
                        : "is the target listening at " + at + "? Check the host and port of the URL");
            case "dns_UnknownHostException":
                return pair("the name in " + at + " does not resolve", "check the host name in "
                        + (c.proxy() != null ? c.credentialsFrom() : "the URL"));
            default:
                break;
        }
        if (phase.equals("tcp") && what.contains("Timeout")) {
            return pair(at + " did not answer the TCP handshake in time",
                    "check the host and port, and whether a firewall drops the connection; on a slow network give"
                            + " --timeout tcp=10s");
        }
        if (phase.equals("connect") && what.equals("403")) {
            return pair("the proxy at " + at + " refused to open a tunnel to " + c.target() + " (403 Forbidden)",
                    "its rules forbid this destination or port (squid allows CONNECT to port 443 only unless told"
                            + " otherwise): allow it at the proxy, or use a target it allows");
        }
        if (phase.equals("connect") && what.matches("5\\d\\d")) {
            return pair("the proxy at " + at + " could not open a tunnel to " + c.target() + " (" + what + ")",
                    "the proxy's reason says why; check the target's address and the session options given to"
                            + " the proxy (--country, --state, --city, --asn)");
        }
        if (phase.equals("connect") && what.matches("\\d{3}")) {
            return pair("the proxy at " + at + " refused the tunnel to " + c.target() + " (" + what + ")",
                    "the proxy's reason says why; check the proxy URL and its documentation");
        }
        if (phase.equals("socks")) {
            return pair("the SOCKS5 proxy at " + at + " could not connect to " + c.target() + " (" + what + ")",
                    "check the target's address, and that the proxy may reach it");
        }
        if (phase.equals("proxy_tls")) {
            return pair("TLS with the proxy at " + at + " failed (" + what + ")", "is it an https:// proxy? A"
                    + " proxy that speaks plain HTTP is given as http://" + at);
        }
        return pair("every one of the first requests failed in the " + phase + " phase (" + what + ")",
                "the error labels are explained in docs/run-and-analyze.md, \"Faults\"");
    }

    private record Explained(String problem, String fix) {}

    private static Explained pair(String problem, String fix) {
        return new Explained(problem, fix);
    }
}
