package io.proxybench.client.internal.call;

import io.netty.handler.proxy.ProxyConnectException;
import io.proxybench.client.CallException.Kind;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.connect.PinMismatchException;
import io.proxybench.client.internal.connect.RefusedClientCertificate;
import io.proxybench.client.internal.connect.SocksRefusal;
import io.proxybench.client.internal.connect.StreamResetException;
import io.proxybench.client.internal.connect.TunnelRefusedException;
import io.proxybench.client.internal.connect.UntrustedCertificate;
import io.proxybench.client.internal.decode.ContentDecodingException;
import io.proxybench.client.internal.exchange.BodyTooLargeException;
import io.proxybench.client.internal.exchange.NoResponseException;
import io.proxybench.client.internal.exchange.ResponseTimeoutException;
import io.proxybench.client.internal.exchange.TruncatedResponseException;
import io.proxybench.client.internal.redirect.RedirectException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * What a failed call's cause says about it: the reason part of its error label, and why the proxy or TLS refused
 * it, in words. Both read the same cases: a CONNECT refused with a status ({@link ConnectRefusal}), a SOCKS5 refusal
 * ({@link SocksRefusal}), a certificate the client does not trust ({@link UntrustedCertificate}); any other failure
 * is labelled with its exception's name and has no reason.
 */
public final class FailureCause {

    private FailureCause() {}

    /** The cause a future's wrappers ({@link CompletionException}, {@link ExecutionException}) hide. */
    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * The reason part of a label: a refused CONNECT's status ({@code 407}), a SOCKS5 refusal's name
     * ({@code AuthFailed}, {@code ConnectionRefused}), {@code UntrustedCertificate}, {@code PinMismatch} for a
     * chain without a pinned key, {@code ClientCertificateRefused} for a peer's alert about the client's
     * certificate, {@code Cancelled} for a cancelled call, {@code HeadTimeout}, {@code IdleTimeout} or
     * {@code CallTimeout} for a limit that ran out, {@code BadLocation}, {@code TooManyRedirects},
     * {@code RedirectLoop} or {@code RedirectToHttp} for a redirect refused, else the exception's simple name, Netty's
     * stackless and annotated variants under their JDK names ({@code ConnectException}, not
     * {@code AnnotatedConnectException}).
     */
    public static String label(Throwable cause) {
        int status = ConnectRefusal.status(cause);
        if (status > 0) {
            return String.valueOf(status);
        }
        SocksRefusal socks = SocksRefusal.of(cause);
        if (socks != null) {
            return socks.label();
        }
        if (UntrustedCertificate.test(cause)) {
            return "UntrustedCertificate";
        }
        if (cause instanceof PinMismatchException) {
            return "PinMismatch";
        }
        if (RefusedClientCertificate.alert(cause) != null) {
            return "ClientCertificateRefused";
        }
        if (cause instanceof CancellationException) {
            return "Cancelled";
        }
        if (cause instanceof ResponseTimeoutException timeout) {
            return timeout.kind().label();
        }
        if (cause instanceof CallTimeoutException) {
            return "CallTimeout";
        }
        if (cause instanceof RedirectException redirect) {
            return switch (redirect.problem()) {
                case BAD_LOCATION -> "BadLocation";
                case TOO_MANY_HOPS -> "TooManyRedirects";
                case LOOP -> "RedirectLoop";
                case HTTPS_TO_HTTP -> "RedirectToHttp";
            };
        }
        Class<?> type = cause.getClass();
        while (type.getName().startsWith("io.netty.") && (type.getSimpleName().startsWith("Stackless")
                || type.getSimpleName().startsWith("Annotated"))) {
            type = type.getSuperclass();
        }
        return type.getSimpleName();
    }

    /**
     * What kind of failure {@code cause} is, read from its type first and the phase it happened in second: a refusal
     * or a timeout is one whatever the phase; an I/O failure during TLS is a TLS failure, one in the request phase a
     * protocol failure.
     */
    public static Kind kind(Phase phase, Throwable cause) {
        if (cause instanceof CancellationException) {
            return Kind.CANCELLED;
        }
        if (cause instanceof TimeoutException || isTimeout(cause)) {
            return Kind.TIMEOUT;
        }
        if (ConnectRefusal.status(cause) > 0 || SocksRefusal.of(cause) != null
                || cause instanceof TunnelRefusedException) {
            return Kind.PROXY_REFUSED;
        }
        if (UntrustedCertificate.test(cause) || cause instanceof SSLException
                || RefusedClientCertificate.alert(cause) != null) {
            return Kind.TLS;
        }
        if (cause instanceof UnknownHostException) {
            return Kind.DNS;
        }
        if (cause instanceof RedirectException) {
            return Kind.REDIRECT;
        }
        if (cause instanceof BodyTooLargeException || cause instanceof ContentDecodingException) {
            return Kind.BODY;
        }
        if (cause instanceof NoResponseException || cause instanceof TruncatedResponseException
                || cause instanceof StreamResetException || isCodecError(cause)) {
            return Kind.PROTOCOL;
        }
        if (cause instanceof IllegalArgumentException || cause instanceof NoSuchFileException) {
            return Kind.BAD_REQUEST;
        }
        if (cause instanceof ConnectException) {
            return Kind.CONNECT;
        }
        return switch (phase) {
            case DNS -> Kind.DNS;
            case TCP -> Kind.CONNECT;
            case TLS, PROXY_TLS -> Kind.TLS;
            default -> Kind.IO;
        };
    }

    /** A Netty codec's complaint about what the peer sent: a malformed HTTP/1.1 head, an HTTP/2 error. */
    private static boolean isCodecError(Throwable cause) {
        return cause.getClass().getName().startsWith("io.netty.handler.codec.");
    }

    /**
     * Netty's timeouts that are not {@link TimeoutException}s: a connect's, a TLS handshake's, a proxy handler's
     * (whose message ends in {@code timeout}).
     */
    private static boolean isTimeout(Throwable cause) {
        if (cause instanceof ProxyConnectException && cause.getMessage() != null
                && cause.getMessage().endsWith("timeout")) {
            return true;
        }
        for (Class<?> type = cause.getClass(); type != null; type = type.getSuperclass()) {
            String name = type.getName();
            if (name.equals("io.netty.channel.ConnectTimeoutException")
                    || name.equals("io.netty.handler.ssl.SslHandshakeTimeoutException")
                    || name.equals("java.net.SocketTimeoutException")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why the proxy or TLS refused the call, in words: the proxy's own (a refused CONNECT's), a SOCKS5 refusal's, a
     * pin mismatch's, a refused client certificate's, or the certificate's problem, naming the side by
     * {@code phase} ({@link Phase#PROXY_TLS}: the proxy's; a refused client certificate in {@link Phase#CONNECT}
     * too, where TLS 1.3 reports it).
     *
     * @return the reason, or null when the cause has none
     */
    public static String reason(Phase phase, Throwable cause) {
        int status = ConnectRefusal.status(cause);
        if (status > 0) {
            return ConnectRefusal.reason(cause);
        }
        SocksRefusal socks = SocksRefusal.of(cause);
        if (socks != null) {
            return socks.reason();
        }
        if (cause instanceof PinMismatchException pins) {
            return pins.reason();
        }
        String alert = RefusedClientCertificate.alert(cause);
        if (alert != null) {
            return RefusedClientCertificate.reason(alert, phase == Phase.PROXY_TLS || phase == Phase.CONNECT);
        }
        return UntrustedCertificate.reason(cause, phase == Phase.PROXY_TLS ? UntrustedCertificate.Side.PROXY
                : UntrustedCertificate.Side.ORIGIN, null);
    }
}
