package io.proxybench.harness.fetch;

import io.proxybench.client.CallException;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.util.Locale;

/**
 * Why a {@code fetch} failed: curl's exit code for it where curl has one, the error label of a {@code run} record,
 * the proxy's own words, and the one line a person reads, which names the problem and the fix and never a
 * credential. The exit codes are listed in {@code fetch --help} and docs/fetch.md.
 *
 * @param exitCode the process's exit code, curl's number for the same failure
 * @param label the call's error label ({@code connect_407}); null for a failure of the fetch's own (a write error)
 * @param reason why the proxy or TLS refused it, in the proxy's words; null when none
 * @param line the problem and the fix, on one line
 */
public record FetchFailure(int exitCode, String label, String reason, String line) {

    static final int UNSUPPORTED_PROTOCOL = 1;
    static final int URL_MALFORMAT = 3;
    static final int COULDNT_RESOLVE_PROXY = 5;
    static final int COULDNT_RESOLVE_HOST = 6;
    static final int COULDNT_CONNECT = 7;
    static final int PARTIAL_FILE = 18;
    static final int HTTP_RETURNED_ERROR = 22;
    static final int WRITE_ERROR = 23;
    static final int OPERATION_TIMEDOUT = 28;
    static final int SSL_CONNECT_ERROR = 35;
    static final int TOO_MANY_REDIRECTS = 47;
    static final int GOT_NOTHING = 52;
    static final int RECV_ERROR = 56;
    static final int PEER_FAILED_VERIFICATION = 60;
    static final int BAD_CONTENT_ENCODING = 61;
    static final int FILESIZE_EXCEEDED = 63;
    static final int PINNED_KEY_MISMATCH = 90;
    static final int HTTP2_STREAM = 92;
    static final int PROXY = 97;

    /** The exit codes as {@code --help}'s footer lists them: one constant, so that an annotation can hold it. */
    public static final String TABLE = "Exit codes (curl's): 0 done; 1 a redirect from https to http (refused); 2 bad"
            + " arguments or input (an option, -H, a cookie file); 3 a malformed Location; 5 the proxy's name does not"
            + " resolve; 6 the host's name does not resolve; 7 nothing accepts the connection; 18 the body ended"
            + " early; 22 HTTP status 400 or more with -f/--fail; 23 the body cannot be written; 28 a timeout; 35 a"
            + " TLS handshake failed; 47 too many redirects or a redirect loop; 52 no response at all; 56 the proxy"
            + " refused the tunnel, or receiving failed; 60 an untrusted certificate; 61 a body that does not decode"
            + " (corrupt, cut short, or a decompression bomb); 63 over --max-filesize; 90 no certificate has a"
            + " --pinnedpubkey key; 92 an HTTP/2 stream reset;"
            + " 97 the SOCKS5 proxy refused.";

    /**
     * Where a fetch went, for the lines: the proxy (or null) and where its account came from, the URL, the redirect
     * cap, and the last name looked up on this machine.
     */
    record Context(ProxySpec proxy, String accountFrom, URI url, int maxRedirs, String lookedUp) {

        String proxyAt() {
            return proxy.scheme().text() + "://" + proxy.host() + ":" + proxy.port();
        }

        String origin() {
            int port = url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
            return url.getHost() + ":" + port;
        }
    }

    /** A failure of the fetch itself, not of its call: no label, no reason. */
    static FetchFailure own(int exitCode, String line) {
        return new FetchFailure(exitCode, null, null, line);
    }

    /** The failure of the call, in curl's terms. */
    static FetchFailure of(CallException e, Context c) {
        String label = e.label();
        String reason = e.reason();
        String detail = clause(e.getCause() == null || e.getCause().getMessage() == null ? ""
                : e.getCause().getMessage());
        String said = reason == null ? "" : ": \"" + reason + "\"";
        String tagged = " (" + label + said + ")";
        String what = label.substring(e.phase().label().length() + 1);
        Phase phase = e.phase();
        if (timedOut(e)) {
            return new FetchFailure(OPERATION_TIMEDOUT, label, reason, timeout(phase, what, c) + tagged);
        }
        if (what.equals("UntrustedCertificate")) {
            boolean ofProxy = phase == Phase.PROXY_TLS;
            return new FetchFailure(PEER_FAILED_VERIFICATION, label, reason, (reason != null ? reason
                    : "the " + (ofProxy ? "proxy's" : "origin's") + " certificate is not trusted") + " (" + label
                    + "); give the CA that signed it with --ca FILE, or -k/--insecure to check no certificate");
        }
        if (what.equals("PinMismatch")) {
            // The whole message: the chain's keys and the pinned ones are the point of it.
            String why = e.getCause() == null || e.getCause().getMessage() == null
                    ? "no certificate of the origin's chain has a pinned key" : e.getCause().getMessage();
            return new FetchFailure(PINNED_KEY_MISMATCH, label, reason, why + " (" + label + "); check"
                    + " --pinnedpubkey");
        }
        int code;
        String line;
        switch (phase) {
            case DNS -> {
                boolean proxyName = c.proxy() != null && c.proxy().host().equals(c.lookedUp());
                code = proxyName ? COULDNT_RESOLVE_PROXY : COULDNT_RESOLVE_HOST;
                line = "the name " + (c.lookedUp() != null ? c.lookedUp() : proxyName ? c.proxy().host()
                        : c.url().getHost()) + " does not resolve" + tagged + "; check the host name in "
                        + (proxyName ? "--proxy" : "the URL");
            }
            case TCP, QUEUE -> {
                code = COULDNT_CONNECT;
                String at = c.proxy() != null ? c.proxyAt() : c.origin();
                line = "nothing accepted a connection at " + at + tagged + "; is " + (c.proxy() != null
                        ? "the proxy running there? Check the host and port in --proxy"
                        : "the server running there? Check the URL's host and port");
            }
            case PROXY_TLS, TLS -> {
                code = SSL_CONNECT_ERROR;
                line = "TLS with the " + (phase == Phase.TLS ? "origin " + c.origin() : "proxy " + c.proxyAt())
                        + " failed" + tagged + (detail.isEmpty() ? "" : ": " + detail) + "; does it speak TLS on"
                        + " that port? " + (phase == Phase.TLS ? "An origin without TLS is given as http://"
                        : "A proxy without TLS is given as http://" + c.proxy().host() + ":" + c.proxy().port());
            }
            case CONNECT -> {
                code = RECV_ERROR;
                line = connect(what, tagged, detail, c);
            }
            case SOCKS -> {
                code = PROXY;
                line = socks(what, tagged, c);
            }
            default -> {
                code = RECV_ERROR;
                line = null;
            }
        }
        if (line != null) {
            return new FetchFailure(code, label, reason, line);
        }
        return request(what, label, reason, tagged, detail, c);
    }

    /** A failure after the request was sent: redirects, decoding, the body cut short, the connection. */
    private static FetchFailure request(String what, String label, String reason, String tagged, String detail,
            Context c) {
        return switch (what) {
            case "BadLocation" -> new FetchFailure(URL_MALFORMAT, label, reason, detail + tagged + "; fix the"
                    + " server's redirect, or leave out -L to get the redirect as it is");
            case "TooManyRedirects" -> new FetchFailure(TOO_MANY_REDIRECTS, label, reason, "more than " + c.maxRedirs()
                    + " redirects (--max-redirs " + c.maxRedirs() + ")" + tagged + "; raise --max-redirs, or leave"
                    + " out -L to see the first redirect");
            case "RedirectLoop" -> new FetchFailure(TOO_MANY_REDIRECTS, label, reason, detail + tagged + "; check the"
                    + " URL, and whether the server wants a cookie back (--cookie-jar FILE keeps them)");
            case "RedirectToHttp" -> new FetchFailure(UNSUPPORTED_PROTOCOL, label, reason, "a redirect leaves https"
                    + " for http, which fetch does not follow (curl would)" + tagged + "; request the http:// URL"
                    + " yourself if you mean to");
            case "ContentDecodingException" -> new FetchFailure(BAD_CONTENT_ENCODING, label, reason,
                    detail.replace(", maxDecodeRatio)", ")") + tagged + "; --raw writes the body as received,"
                            + " undecoded");
            case "TruncatedResponseException" -> new FetchFailure(PARTIAL_FILE, label, reason, "the body was cut"
                    + " short: " + detail + tagged + "; the server or the proxy closed it early: try again");
            case "NoResponseException" -> new FetchFailure(GOT_NOTHING, label, reason, "no response: " + detail
                    + tagged + "; check the URL's scheme and port, and the proxy's logs");
            case "StreamResetException" -> new FetchFailure(HTTP2_STREAM, label, reason, "the HTTP/2 stream was"
                    + " reset: " + detail + tagged + "; try again, or the server's logs say why");
            default -> new FetchFailure(RECV_ERROR, label, reason, "receiving the response failed"
                    + (detail.isEmpty() ? "" : ": " + detail) + tagged + "; try again");
        };
    }

    private static String timeout(Phase phase, String what, Context c) {
        return switch (phase) {
            case DNS -> "the name lookup took too long; give more with --timeout tcp=DURATION";
            case TCP, QUEUE -> "no TCP connection to " + (c.proxy() != null ? c.proxyAt() : c.origin())
                    + " in time; check the host, the port and any firewall, or give more with --timeout tcp=DURATION";
            case PROXY_TLS, CONNECT, SOCKS -> "the proxy " + c.proxyAt() + " did not open the tunnel in time; give"
                    + " more with --timeout tunnel=DURATION";
            case TLS -> "TLS with the origin " + c.origin() + " did not finish in time; give more with --timeout"
                    + " tls=DURATION";
            default -> what.equals("CallTimeout") ? "the fetch took longer than -m/--max-time allows; raise it"
                    : what.equals("IdleTimeout") ? "the body stalled: no byte came in time; give more with --timeout"
                            + " idle=DURATION"
                    : "no response in time; give more with --timeout head=DURATION";
        };
    }

    private static String connect(String status, String tagged, String detail, Context c) {
        if (status.equals("407")) {
            return c.proxy().credentials() == null
                    ? "the proxy " + c.proxyAt() + " wants credentials" + tagged + "; give them in --proxy (USER:PASS@)"
                            + " or in PROXY_USER and PROXY_PASS"
                    : "the proxy " + c.proxyAt() + " refused the credentials" + tagged + "; check the user name and"
                            + " password given in " + c.accountFrom();
        }
        if (status.matches("\\d{3}")) {
            return "the proxy " + c.proxyAt() + " refused the tunnel to " + c.origin() + tagged + "; the proxy's"
                    + " reason says why: check the URL's host and port, and the session options (--country, ...)";
        }
        return "the tunnel through " + c.proxyAt() + " failed" + (detail.isEmpty() ? "" : ": " + detail) + tagged
                + "; is it an HTTP proxy? A SOCKS5 one is given as socks5h://";
    }

    private static String socks(String what, String tagged, Context c) {
        return switch (what) {
            case "AuthFailed" -> "the SOCKS5 proxy " + c.proxyAt() + " rejected the user name and password" + tagged
                    + "; check the ones given in " + c.accountFrom();
            case "AuthRequired" -> "the SOCKS5 proxy " + c.proxyAt() + " wants a user name and password" + tagged
                    + "; give them in --proxy (socks5h://USER:PASS@...) or in PROXY_USER and PROXY_PASS";
            default -> "the SOCKS5 proxy " + c.proxyAt() + " could not connect to " + c.origin() + tagged
                    + "; check the URL's host and port, and that the proxy may reach them";
        };
    }

    /** Whether a limit ran out: a label that says so, or a cause that does (Netty's proxy handshake timeout). */
    private static boolean timedOut(CallException e) {
        if (e.label().contains("Timeout")) {
            return true;
        }
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().toLowerCase(Locale.ROOT).contains("timeout")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first clause of a client message: up to its first {@code "; "}, or through its first {@code "? "}, outside
     * parentheses; what follows names the fix in the library's terms, which {@code fetch} says in its own.
     */
    private static String clause(String message) {
        int depth = 0;
        for (int i = 0; i + 1 < message.length(); i++) {
            char ch = message.charAt(i);
            if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && message.charAt(i + 1) == ' ' && (ch == ';' || ch == '?')) {
                return message.substring(0, ch == '?' ? i + 1 : i);
            }
        }
        return message;
    }
}
