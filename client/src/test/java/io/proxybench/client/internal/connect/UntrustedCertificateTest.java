package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.internal.connect.UntrustedCertificate.Side;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * Failed handshakes as the two engines report them (cause chains as a JDK 17 client with Netty 4.2 gets them against
 * a server with an unknown CA, a certificate for another name and an expired certificate), told apart from other TLS
 * failures.
 */
class UntrustedCertificateTest {

    private static final String PKIX = "PKIX path building failed: sun.security.provider.certpath"
            + ".SunCertPathBuilderException: unable to find valid certification path to requested target";
    private static final String OPENSSL = "General OpenSslEngine problem";

    private static Throwable chain(String top, Throwable below) {
        return new SSLHandshakeException(top).initCause(below);
    }

    /** The JDK's ValidatorException is a CertificateException around the path builder's or validator's error. */
    private static Throwable unknownIssuer(String top) {
        return chain(top, new CertificateException(PKIX,
                new CertPathBuilderException("unable to find valid certification path to requested target")));
    }

    private static Throwable nameMismatch(String top) {
        return chain(top, new CertificateException("No subject alternative names matching IP address 127.0.0.1"
                + " found"));
    }

    private static Throwable expired(String top) {
        return chain(top, new CertificateException("PKIX path validation failed: validity check failed",
                new CertPathValidatorException("validity check failed",
                        new CertificateExpiredException("NotAfter: Sat Feb 01 00:00:00 UTC 2020"))));
    }

    @Test
    void anUnknownIssuerIsNamedWithTheSideAndHostOnBothEngines() {
        for (Throwable failure : new Throwable[] {unknownIssuer(PKIX), unknownIssuer(OPENSSL)}) {
            Throwable explained = UntrustedCertificate.explain(failure, Side.ORIGIN, "127.0.0.1");

            assertThat(explained).isInstanceOf(UntrustedCertificateException.class).hasCause(failure)
                    .hasMessage("the origin's certificate for 127.0.0.1 is not trusted (self-signed or unknown CA):"
                            + " unable to find valid certification path to requested target");
            assertThat(UntrustedCertificate.test(explained)).isTrue();
            assertThat(UntrustedCertificate.reason(explained, Side.PROXY, null))
                    .as("the explained reason wins").isEqualTo("the origin's certificate for 127.0.0.1 is not trusted"
                            + " (self-signed or unknown CA)");
        }
    }

    @Test
    void aNameMismatchAndAnExpiredCertificateSaySo() {
        for (String top : new String[] {"No subject alternative names matching IP address 127.0.0.1 found", OPENSSL}) {
            assertThat(UntrustedCertificate.reason(nameMismatch(top), Side.PROXY, "gw.example"))
                    .isEqualTo("the proxy's certificate does not name gw.example");
        }
        for (String top : new String[] {"PKIX path validation failed", OPENSSL}) {
            assertThat(UntrustedCertificate.reason(expired(top), Side.ORIGIN, null))
                    .isEqualTo("the origin's certificate has expired");
        }
    }

    @Test
    void otherTlsFailuresAreNotUntrustedCertificatesAndStayAsTheyAre() {
        Throwable peerRefusedUs = new SSLHandshakeException("Received fatal alert: bad_certificate");
        Throwable notTls = new CertificateException("no certificate loaded");

        for (Throwable failure : new Throwable[] {peerRefusedUs, notTls}) {
            assertThat(UntrustedCertificate.test(failure)).isFalse();
            assertThat(UntrustedCertificate.reason(failure, Side.ORIGIN, "h")).isNull();
            assertThat(UntrustedCertificate.explain(failure, Side.ORIGIN, "h")).isSameAs(failure);
        }
    }
}
