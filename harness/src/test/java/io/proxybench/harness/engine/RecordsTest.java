package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.analysis.Expect;
import io.proxybench.client.CallException;
import io.proxybench.client.Headers;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class RecordsTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    @Test
    void aResponseBecomesARecordInSecondsFromTheScheduledStart() {
        String trace = "fl=12f\nh=www.cloudflare.com\nip=198.51.100.23\nts=1.2\nloc=US\ntls=TLSv1.3\n";

        RequestRecord r = Records.plain().of(1_000 * MS, 1_004 * MS, 1_050 * MS, FakeSender.response(200, trace), 1,
                null);

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
        assertThat(r.handshakeBytes()).isEqualTo(90);
        assertThat(r.bodyLen()).isEqualTo(trace.length());
        assertThat(r.outcome()).isEqualTo(Outcome.DATA);
        assertThat(r.challenge()).isNull();
        assertThat(r.body()).as("bodies only with --keep-body").isNull();
        assertThat(r.dns()).isNull();
    }

    @Test
    void theOutcomeIsClassifiedFromStatusChallengeAndExpectedBody() {
        Records expecting = new Records(Expect.of("\"price\"", null), true);
        ProxyResponse challenge = response(200, "<html>just a moment</html>", "cf-mitigated", "challenge");

        RequestRecord data = expecting.of(0, 0, MS, response(200, "{\"price\": 3}"), 1, null);
        RequestRecord decoy = expecting.of(0, 0, MS, response(200, "{\"captcha\": 1}"), 1, null);
        RequestRecord challenged = expecting.of(0, 0, MS, challenge, 1, null);
        RequestRecord refused = expecting.of(0, 0, MS, response(429, ""), 1, null);
        RequestRecord failed = expecting.failed(0, 0, MS, "connect_IOException", 2, "tcp_ConnectException");

        assertThat(data.outcome()).isEqualTo(Outcome.DATA);
        assertThat(data.body()).isEqualTo("{\"price\": 3}");
        assertThat(decoy.outcome()).isEqualTo(Outcome.SOFT_BLOCK);
        assertThat(challenged.outcome()).isEqualTo(Outcome.SOFT_BLOCK);
        assertThat(challenged.challenge()).isTrue();
        assertThat(refused.outcome()).isEqualTo(Outcome.HARD_BLOCK);
        assertThat(failed.outcome()).isEqualTo(Outcome.PROXY_FAILURE);
        assertThat(failed.attempt()).isEqualTo(2);
        assertThat(failed.firstError()).isEqualTo("tcp_ConnectException");
    }

    /**
     * Seed 002's small-body rule, decided as the record is made: a 200 with a body under 20% of the median of the
     * run's data responses so far is a soft block, from the 20th data response on (before, no median to judge by).
     */
    @Test
    void aBodyFarSmallerThanTheRunsMedianSoFarIsASoftBlock() {
        Records records = Records.plain();
        String page = "x".repeat(1000);
        String tiny = "x".repeat(150);
        assertThat(records.of(0, 0, MS, response(200, tiny), 1, null).outcome()).as("no median yet")
                .isEqualTo(Outcome.DATA);
        for (int i = 1; i < BodyMedian.MIN_BODIES; i++) {
            assertThat(records.of(0, 0, MS, response(200, page), 1, null).outcome()).isEqualTo(Outcome.DATA);
        }
        // 20 data bodies now: 19 of 1,000 bytes and the first, tiny one: the median is 1,000 bytes.
        assertThat(records.of(0, 0, MS, response(200, tiny), 1, null).outcome()).isEqualTo(Outcome.SOFT_BLOCK);
        assertThat(records.of(0, 0, MS, response(200, "x".repeat(250)), 1, null).outcome())
                .as("a quarter of the median is not far smaller").isEqualTo(Outcome.DATA);
        assertThat(records.of(0, 0, MS, response(404, tiny), 1, null).outcome()).isEqualTo(Outcome.SOFT_BLOCK);
    }

    @Test
    void theClientsOwnReplayCountsAsASendAndTheSessionComesFromTheResponse() {
        ProxyResponse replayed = ProxyResponse.builder().connection(new ConnectionInfo(3, null, "h2", true, null))
                .attempt(2).exit("http://u@127.0.0.1:1 _session-s9").session("s9")
                .timings(PhaseTimings.of(Map.of(Phase.DNS, 1_000_000L))).bytesOut(10).bytesIn(20)
                .closeReason(CloseReason.SERVER_CLOSE).build();

        RequestRecord r = Records.plain().of(0, 0, MS, replayed, 2, "tls_SSLException");

        assertThat(r.attempt()).isEqualTo(3);
        assertThat(r.session()).isEqualTo("s9");
        assertThat(r.dns()).isCloseTo(0.001, within(EPS));
        assertThat(r.http()).isEqualTo("h2");
        assertThat(r.closed()).isEqualTo("server_close");
        assertThat(r.scheme()).as("direct").isNull();
    }

    @Test
    void aConnectionKeptForReuseHasNoCloseReasonAndItsProxySchemeIsRecorded() {
        ProxyResponse viaSocks = ProxyResponse.builder()
                .connection(new ConnectionInfo(4, ProxySpec.parse("socks5h://u:secret@127.0.0.1:1080"), "http/1.1",
                        true, null))
                .reused(true).exit("socks5h://u@127.0.0.1:1080").bytesOut(10).bytesIn(20).build();

        RequestRecord r = Records.plain().of(0, 0, MS, viaSocks, 1, null);

        assertThat(r.closed()).isNull();
        assertThat(r.scheme()).isEqualTo("socks5h");
        assertThat(r.gatewayConnectionId()).as("a socket of its own to the proxy").isZero();
    }

    @Test
    void aTunnelOnAnHttp2ProxyConnectionNamesItAndHasOnlyThePhasesItHad() {
        ProxySpec proxy = ProxySpec.parse("https://u:secret@127.0.0.1:8443");
        PhaseTimings streamOnly = PhaseTimings.of(Map.of(Phase.CONNECT, 4_000_000L, Phase.TLS, 6_000_000L,
                Phase.REQUEST, 2_000_000L));
        ProxyResponse stream = ProxyResponse.builder().connection(new ConnectionInfo(9, proxy, "h2", true, null, 3))
                .exit("https://u@127.0.0.1:8443").timings(streamOnly).bytesOut(10).bytesIn(20).build();

        RequestRecord r = Records.plain().of(0, 0, 20 * MS, stream, 1, null);

        assertThat(r.gatewayConnectionId()).isEqualTo(3);
        assertThat(r.scheme()).isEqualTo("https");
        assertThat(r.connect()).as("the CONNECT stream").isCloseTo(0.004, within(EPS));
        assertThat(r.tcp()).as("the connection to the gateway was there already").isNull();
        assertThat(r.proxyTls()).isNull();
        assertThat(Records.plain().of(0, 0, MS, response(200, ""), 1, null).gatewayConnectionId())
                .as("direct").isNull();
    }

    private static ProxyResponse response(int status, String body, String... headers) {
        Headers h = Headers.of(headers);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return ProxyResponse.builder().status(status).headers(h).body(bytes).bodyBytes(bytes.length)
                .connection(new ConnectionInfo(1, null, "http/1.1", true, null)).reused(true)
                .bytesOut(10).bytesIn(20).build();
    }

    @Test
    void aBodyWithoutTraceLinesHasNoIpOrLoc() {
        RequestRecord r = Records.plain().of(0, 0, 30 * MS,
                FakeSender.response(403, "<html>blocked; ip=1.2.3.4</html>"), 1, null);

        assertThat(r.ip()).isNull();
        assertThat(r.loc()).isNull();
        assertThat(r.status()).isEqualTo(403);
    }

    @Test
    void aFailureHasItsLabelAndNoStatusOrPhases() {
        RequestRecord r = Records.plain().failed(100 * MS, 101 * MS, 400 * MS, "connect_407", 1, null);

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

    @Test
    void aRedirectedResponseGivesARecordPerHopBeforeItsOwnAndTheirBytesAddUpToTheCalls() {
        ProxyResponse hop = FakeSender.response(302, ""); // 120 out, 340 in, 90 of handshakes, a new connection
        ProxyResponse page = FakeSender.response(200, "ip=198.51.100.23\n");
        // The client's final response counts every hop: its own 120 + 340 (on the same connection) and the hop's.
        ProxyResponse whole = ProxyResponse.builder().body(page.body()).bodyBytes(page.bodyBytes())
                .connection(page.connection()).reused(true).session("s1").timings(page.timings()).bytesOut(240)
                .bytesIn(680).handshakeBytes(90)
                .redirects(List.of(Redirect.of(302, URI.create("https://a.example/login"),
                        URI.create("https://a.example/p"), "GET").withResponse(hop)))
                .build();
        Records records = Records.plain();

        List<RequestRecord> redirects = records.redirects(1_000 * MS, 1_001 * MS, 1_090 * MS, whole);
        RequestRecord own = records.of(1_000 * MS, 1_001 * MS, 1_090 * MS, whole, 1, null);

        assertThat(redirects).singleElement().satisfies(r -> {
            assertThat(r.redirect()).isTrue();
            assertThat(r.hop()).isEqualTo(1);
            assertThat(r.location()).isEqualTo("https://a.example/p");
            assertThat(r.status()).isEqualTo(302);
            assertThat(r.sched()).isEqualTo(own.sched());
            assertThat(r.tcp()).isCloseTo(0.002, within(EPS));
            assertThat(r.reused()).isFalse();
            assertThat(r.total()).isNull();
            assertThat(r.outcome()).isNull();
            assertThat(r.bytesOut()).isEqualTo(120);
            assertThat(r.bytesIn()).isEqualTo(340);
            assertThat(r.handshakeBytes()).isEqualTo(90);
        });
        assertThat(own.redirect()).isFalse();
        assertThat(own.hop()).isEqualTo(2);
        assertThat(own.location()).isNull();
        assertThat(own.ip()).isEqualTo("198.51.100.23");
        assertThat(own.bytesOut()).as("the rest of the call's bytes").isEqualTo(120);
        assertThat(own.bytesIn()).isEqualTo(340);
        assertThat(own.handshakeBytes()).isZero();
        assertThat(records.redirects(0, 0, MS, page)).as("no redirect followed, no record of one").isEmpty();
        assertThat(records.of(0, 0, MS, page, 1, null).hop()).isNull();
    }
}
