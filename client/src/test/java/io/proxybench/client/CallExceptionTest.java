package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyConnectException;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.connect.StreamRefusedException;
import java.net.ConnectException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CallExceptionTest {

    @Test
    void aRefusedConnectIsLabelledWithTheProxysStatusAsTheSeedHarnessDoes() {
        HttpProxyHandler.HttpProxyConnectException netty = new HttpProxyHandler.HttpProxyConnectException(
                "http, basic, /127.0.0.1:3128 => 127.0.0.1:443, status: 407 Proxy Authentication Required",
                EmptyHttpHeaders.INSTANCE);

        assertThat(new CallException(Phase.CONNECT, netty).label()).isEqualTo("connect_407");
        assertThat(new CallException(Phase.CONNECT, new StreamRefusedException("127.0.0.1:443", 502, "")).label())
                .isEqualTo("connect_502");
    }

    @Test
    void aRefusedConnectsReasonIsTheProxysOwn() {
        HttpProxyHandler.HttpProxyConnectException squid = new HttpProxyHandler.HttpProxyConnectException(
                "http, basic, /127.0.0.1:3128 => 127.0.0.1:443, status: 407 Proxy Authentication Required",
                new DefaultHttpHeaders().add("X-Squid-Error", "ERR_CACHE_ACCESS_DENIED 0"));

        assertThat(new CallException(Phase.CONNECT, squid).reason()).isEqualTo("ERR_CACHE_ACCESS_DENIED 0");
        assertThat(new CallException(Phase.CONNECT, new StreamRefusedException("127.0.0.1:443", 502, "no exit"))
                .reason()).isEqualTo("no exit");
        assertThat(new CallException(Phase.CONNECT, new StreamRefusedException("127.0.0.1:443", 502, null))
                .reason()).isNull();
    }

    /** Netty's {@code Socks5ProxyHandler} says what went wrong in its message only. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            password, /127.0.0.1:1080 => example.com:443, authStatus: FAILURE(255) | socks_AuthFailed | the proxy rejected the user name and password (RFC 1929)
            password, /127.0.0.1:1080 => example.com:443, authStatus: UNKNOWN(1)   | socks_AuthFailed | the proxy rejected the user name and password (RFC 1929)
            none, /127.0.0.1:1080 => example.com:443, unexpected authMethod: UNACCEPTED(255) | socks_AuthRequired | the proxy requires a user name and password
            none, /127.0.0.1:1080 => example.com:443, unexpected authMethod: PASSWORD(2) | socks_AuthRequired | the proxy requires a user name and password
            password, /127.0.0.1:1080 => example.com:443, unexpected authMethod: UNACCEPTED(255) | socks_AuthRequired | the proxy accepts neither no authentication nor a user name and password
            none, /127.0.0.1:1080 => example.com:443, unexpected authMethod: GSSAPI(1) | socks_AuthRequired | the proxy asks for authentication method 1 (GSSAPI), which the client does not speak
            none, /127.0.0.1:1080 => 10.0.0.1:443, status: FAILURE(1)              | socks_GeneralFailure     | reply 1: general SOCKS server failure
            none, /127.0.0.1:1080 => 10.0.0.1:443, status: FORBIDDEN(2)            | socks_Forbidden          | reply 2: connection not allowed by ruleset
            none, /127.0.0.1:1080 => 10.0.0.1:443, status: HOST_UNREACHABLE(4)     | socks_HostUnreachable    | reply 4: host unreachable
            none, /127.0.0.1:1080 => 10.0.0.1:443, status: CONNECTION_REFUSED(5)   | socks_ConnectionRefused  | reply 5: connection refused
            none, /127.0.0.1:1080 => 10.0.0.1:443, status: UNKNOWN(9)             | socks_UnassignedReply    | reply 9: unassigned
            none, /127.0.0.1:1080 => 10.0.0.1:443, timeout                          | socks_ProxyConnectException |
            """)
    void aSocks5RefusalIsLabelledAndExplainedByWhatWentWrong(String what, String label, String reason) {
        CallException e = new CallException(Phase.SOCKS, new ProxyConnectException("socks5, " + what));

        assertThat(e.label()).isEqualTo(label);
        assertThat(e.reason()).isEqualTo(reason);
    }

    @Test
    void aCertificateTheClientDoesNotTrustIsLabelledAsSuchOnEitherSide() {
        Throwable untrusted = new SSLHandshakeException("General OpenSslEngine problem").initCause(
                new CertificateException("PKIX path building failed", new CertPathBuilderException("no path")));

        CallException origin = new CallException(Phase.TLS, untrusted);
        CallException proxy = new CallException(Phase.PROXY_TLS, untrusted);
        assertThat(origin.label()).isEqualTo("tls_UntrustedCertificate");
        assertThat(origin.reason()).isEqualTo("the origin's certificate is not trusted (self-signed or unknown CA)");
        assertThat(proxy.label()).isEqualTo("proxy_tls_UntrustedCertificate");
        assertThat(proxy.reason()).isEqualTo("the proxy's certificate is not trusted (self-signed or unknown CA)");

        CallException alert = new CallException(Phase.TLS, new SSLHandshakeException("Received fatal alert: bad_record_mac"));
        assertThat(alert.label()).isEqualTo("tls_SSLHandshakeException");
        assertThat(alert.reason()).isNull();
    }

    @Test
    void whetherTheConnectionWasReusedIsUnknownUnlessGiven() {
        ConnectException cause = new ConnectException("reset");

        assertThat(new CallException(Phase.TCP, cause).reused()).isNull();
        assertThat(new CallException(Phase.TLS, cause, 517, 39, 556).reused()).isNull();
        assertThat(new CallException(Phase.TLS, cause, 517, 39, 556, false).reused()).isFalse();
        assertThat(new CallException(Phase.REQUEST, cause, 80, 0, 0, true).reused()).isTrue();
    }

    @Test
    void otherFailuresAreLabelledWithTheirExceptionsName() {
        assertThat(new CallException(Phase.CONNECT, new ProxyConnectException("disconnected")).label())
                .isEqualTo("connect_ProxyConnectException");
        assertThat(new CallException(Phase.CONNECT, new HttpProxyHandler.HttpProxyConnectException("no status", null))
                .label()).isEqualTo("connect_HttpProxyConnectException");
        assertThat(new CallException(Phase.TCP, new ConnectException("refused")).label())
                .isEqualTo("tcp_ConnectException");
    }

    @Test
    void bytesAreUnknownUnlessGivenAndNeverInTheMessage() {
        CallException unknown = new CallException(Phase.TLS, new ConnectException("reset"));
        CallException counted = new CallException(Phase.TLS, new ConnectException("reset"), 517, 39, 556);

        assertThat(unknown.bytesKnown()).isFalse();
        assertThat(new long[] {unknown.bytesOut(), unknown.bytesIn(), unknown.handshakeBytes()})
                .containsOnly(CallException.UNKNOWN);
        assertThat(counted.bytesKnown()).isTrue();
        assertThat(new long[] {counted.bytesOut(), counted.bytesIn(), counted.handshakeBytes()})
                .containsExactly(517, 39, 556);
        assertThat(counted.getMessage()).isEqualTo(unknown.getMessage()).isEqualTo("tls: ConnectException: reset");
    }

    @Test
    void countsThatDoNotAddUpAreRefusedByName() {
        ConnectException cause = new ConnectException("reset");
        assertThatThrownBy(() -> new CallException(Phase.TLS, cause, 10, 10, 21))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("handshake 21");
        assertThatThrownBy(() -> new CallException(Phase.TLS, cause, 10, CallException.UNKNOWN, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in -1");
    }

    @Test
    void eachFailureHasAKindAProgramCanActOn() {
        HttpProxyHandler.HttpProxyConnectException refused = new HttpProxyHandler.HttpProxyConnectException(
                "http, none, /127.0.0.1:3128 => 127.0.0.1:443, status: 502 Bad Gateway", EmptyHttpHeaders.INSTANCE);

        assertThat(new CallException(Phase.CONNECT, refused).kind()).isEqualTo(CallException.Kind.PROXY_REFUSED);
        assertThat(new CallException(Phase.SOCKS, new ProxyConnectException(
                "socks5, none, /127.0.0.1:1080 => 10.0.0.1:443, status: FORBIDDEN(2)")).kind())
                .isEqualTo(CallException.Kind.PROXY_REFUSED);
        assertThat(new CallException(Phase.SOCKS, new ProxyConnectException(
                "socks5, none, /127.0.0.1:1080 => 10.0.0.1:443, timeout")).kind())
                .isEqualTo(CallException.Kind.TIMEOUT);
        assertThat(new CallException(Phase.TCP, new ConnectException("Connection refused")).kind())
                .isEqualTo(CallException.Kind.CONNECT);
        assertThat(new CallException(Phase.DNS, new java.net.UnknownHostException("nowhere.invalid")).kind())
                .isEqualTo(CallException.Kind.DNS);
        assertThat(new CallException(Phase.TLS, new SSLHandshakeException("bad_certificate")).kind())
                .isEqualTo(CallException.Kind.TLS);
        assertThat(new CallException(Phase.QUEUE, new java.util.concurrent.CancellationException()).kind())
                .isEqualTo(CallException.Kind.CANCELLED);
        assertThat(new CallException(Phase.QUEUE, new IllegalArgumentException("not http")).kind())
                .isEqualTo(CallException.Kind.BAD_REQUEST);
        assertThat(new CallException(Phase.REQUEST, new java.io.IOException("Connection reset")).kind())
                .isEqualTo(CallException.Kind.IO);
        assertThat(new CallException(Phase.PROXY_TLS, new java.io.IOException("closed")).kind())
                .as("an I/O failure during TLS").isEqualTo(CallException.Kind.TLS);
    }
}