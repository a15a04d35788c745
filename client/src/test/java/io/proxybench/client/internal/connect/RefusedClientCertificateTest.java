package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.DecoderException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** A peer's alert about the client's certificate, as each engine words it, and what is not one. */
class RefusedClientCertificateTest {

    @Test
    void bothEnginesWordingsOfAReceivedAlertAreFoundDownTheChain() {
        assertThat(RefusedClientCertificate.alert(new SSLHandshakeException("Received fatal alert: bad_certificate")))
                .isEqualTo("bad_certificate");
        assertThat(RefusedClientCertificate.alert(new DecoderException(new SSLException(
                "error:10000412:SSL routines:OPENSSL_internal:SSLV3_ALERT_BAD_CERTIFICATE"))))
                .isEqualTo("bad_certificate");
        assertThat(RefusedClientCertificate.alert(new SSLException(
                "error:1000045c:SSL routines:OPENSSL_internal:TLSV13_ALERT_CERTIFICATE_REQUIRED")))
                .isEqualTo("certificate_required");
    }

    @Test
    void theClientsOwnTrustFailuresAndOtherAlertsAreNotRefusals() {
        assertThat(RefusedClientCertificate.alert(new SSLHandshakeException(
                "error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED"))).isNull();
        assertThat(RefusedClientCertificate.alert(new SSLHandshakeException("Received fatal alert:"
                + " handshake_failure"))).isNull();
        assertThat(RefusedClientCertificate.alert(new IllegalStateException("alert: bad_certificate"))).isNull();
    }
}
