package io.proxybench.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.bench.record.RequestRecord;
import io.proxybench.client.CallException;
import io.proxybench.client.event.Phase;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class RecordsTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    @Test
    void aResponseBecomesARecordInSecondsFromTheScheduledStart() {
        String trace = "fl=12f\nh=www.cloudflare.com\nip=198.51.100.23\nts=1.2\nloc=US\ntls=TLSv1.3\n";

        RequestRecord r = Records.of(1_000 * MS, 1_004 * MS, 1_050 * MS, FakeSender.response(200, trace));

        assertThat(r.sched()).isCloseTo(1.0, within(EPS));
        assertThat(r.startLag()).isCloseTo(0.004, within(EPS));
        assertThat(r.total()).isCloseTo(0.050, within(EPS));
        assertThat(r.done()).isCloseTo(1.050, within(EPS));
        assertThat(r.tcp()).isCloseTo(0.002, within(EPS));
        assertThat(r.connect()).isCloseTo(0.003, within(EPS));
        assertThat(r.request()).isCloseTo(0.005, within(EPS));
        assertThat(r.queue()).isNull();
        assertThat(r.proxyTls()).isNull();
        assertThat(r.socks()).isNull();
        assertThat(r.tls()).isNull();
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.ip()).isEqualTo("198.51.100.23");
        assertThat(r.loc()).isEqualTo("US");
        assertThat(r.reused()).isFalse();
        assertThat(r.conn()).isEqualTo(7);
        assertThat(r.attempt()).isEqualTo(1);
        assertThat(r.bytesOut()).isEqualTo(120);
        assertThat(r.bytesIn()).isEqualTo(340);
        assertThat(r.http()).isEqualTo("http/1.1");
        assertThat(r.error()).isNull();
        assertThat(r.session()).isNull();
    }

    @Test
    void aBodyWithoutTraceLinesHasNoIpOrLoc() {
        RequestRecord r = Records.of(0, 0, 30 * MS, FakeSender.response(403, "<html>blocked; ip=1.2.3.4</html>"));

        assertThat(r.ip()).isNull();
        assertThat(r.loc()).isNull();
        assertThat(r.status()).isEqualTo(403);
    }

    @Test
    void aFailureHasItsLabelAndNoStatusOrPhases() {
        RequestRecord r = Records.failed(100 * MS, 101 * MS, 400 * MS, "connect_407");

        assertThat(r.error()).isEqualTo("connect_407");
        assertThat(r.status()).isNull();
        assertThat(r.tcp()).isNull();
        assertThat(r.total()).isCloseTo(0.3, within(EPS));
        assertThat(r.startLag()).isCloseTo(0.001, within(EPS));
    }

    @Test
    void errorLabelsNameThePhaseAndTheException() {
        CallException tcp = new CallException(Phase.TCP, new ConnectException("refused"));

        assertThat(Records.errorLabel(tcp)).isEqualTo("tcp_ConnectException");
        assertThat(Records.errorLabel(new CompletionException(tcp))).isEqualTo("tcp_ConnectException");
        assertThat(Records.errorLabel(new CallException(Phase.PROXY_TLS, new IllegalStateException())))
                .isEqualTo("proxy_tls_IllegalStateException");
        assertThat(Records.errorLabel(new ConnectException("x"))).isEqualTo("total_ConnectException");
    }
}
