package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.bytes.BytesExperiment;
import io.proxybench.experiments.bytes.BytesResult;
import io.proxybench.experiments.bytes.BytesRow;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.net.TlsEngine;
import java.net.URI;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002's bytes per request through the lab: a new tunnel carries the target's certificate chain and both key
 * shares on top of what a reused one carries, the post-quantum hybrid adds its ML-KEM key and ciphertext, and the
 * response size moves every per-request figure by itself. The experiment is run from Java on a lab of the test's
 * own; {@code proxybench bytes}'s JSON and option errors are the cli module's BytesCommandTest.
 */
class BytesExperimentTest {

    private static final int SAMPLES = 4;

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static BytesResult run(String path, List<List<String>> offers) throws Exception {
        return BytesExperiment.run(new BytesExperiment.Setup(
                ProxySpec.parse("http://lab:lab@127.0.0.1:" + lab.gatewayPort()),
                URI.create("https://127.0.0.1:" + lab.targetHttpsPort() + path), TlsSettings.caFile(lab.caFile()),
                offers, SAMPLES, List.of(1, 50), 1_000_000, Duration.ofSeconds(30)));
    }

    /** The DER size of the chain the lab target sends, read by the JDK's own TLS client. */
    private static long chainBytes() throws Exception {
        SSLContext jdk = SSLContext.getInstance("TLS");
        jdk.init(null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
        try (SSLSocket s = (SSLSocket) jdk.getSocketFactory().createSocket("127.0.0.1", lab.targetHttpsPort())) {
            s.startHandshake();
            long total = 0;
            for (Certificate c : s.getSession().getPeerCertificates()) {
                total += c.getEncoded().length;
            }
            return total;
        }
    }

    @Test
    void aNewTunnelCarriesTheCertificateChainAndTheHybridItsKeyMaterial() throws Exception {
        assumeThat(TlsEngine.current().provider()).as("groups are set through OpenSSL").isEqualTo(SslProvider.OPENSSL);
        BytesResult r = run("/cdn-cgi/trace", List.of(List.of("X25519"), List.of("X25519MLKEM768")));
        long chain = chainBytes();

        assertThat(r.rows()).extracting(BytesRow::groupNegotiated).containsExactly("X25519", "X25519MLKEM768");
        for (BytesRow row : r.rows()) {
            assertThat(row.http()).isEqualTo("http/1.1");
            assertThat(row.reusedTunnel().handshake()).isZero();
            assertThat(row.newTunnel().total() - row.reusedTunnel().total()).as(row.groupsOffered())
                    .isGreaterThanOrEqualTo(chain);
            assertThat(row.resumedTunnel().total()).as("a resumed session sends no certificate")
                    .isLessThan(row.newTunnel().total());
            assertThat(row.projections().get(0).bytes()).isEqualTo(1_000_000 * row.newTunnel().roundedTotal());
            assertThat(row.projections().get(1).tunnels()).isEqualTo(20_000);
        }
        // An ML-KEM-768 encapsulation key (1,184 bytes) goes out and a ciphertext (1,088 bytes) comes back.
        assertThat(r.hybridExtraPerNewTunnel()).isBetween(2_272.0 - 50, 2_272.0 + 200);
    }

    @Test
    void theResponseSizeMovesEveryRequestByItselfAndNotTheTunnelTax() throws Exception {
        BytesRow small = run("/bytes/0", List.of(List.of())).rows().get(0);
        BytesRow large = run("/bytes/20000", List.of(List.of())).rows().get(0);

        // 20,000 more body bytes, plus a byte of Content-Length and a TLS record header per 16 KB record.
        assertThat(large.reusedTunnel().in() - small.reusedTunnel().in()).isBetween(20_000.0, 20_100.0);
        assertThat(large.reusedTunnel().out()).as("the request line, 4 characters longer")
                .isEqualTo(small.reusedTunnel().out() + "/bytes/20000".length() - "/bytes/0".length());
        assertThat(large.newTunnel().total() - large.reusedTunnel().total())
                .isCloseTo(small.newTunnel().total() - small.reusedTunnel().total(),
                        Offset.offset(100.0));
        assertThat(large.projections().get(1).gigabytes()).isGreaterThan(small.projections().get(0).gigabytes());
    }
}
