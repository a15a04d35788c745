package io.proxybench.recorder.apache;

import io.proxybench.recorder.core.Recorder;
import io.proxybench.recorder.labcheck.ClientUnderTest;
import io.proxybench.recorder.labcheck.Fields;
import io.proxybench.recorder.labcheck.LabCheck;
import io.proxybench.recorder.labcheck.Mode;
import io.proxybench.recorder.labcheck.RecorderLab;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.auth.CredentialsProviderBuilder;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Apache HttpClient 5 (classic) through the lab's gateway, recorded: the file against the lab's own counts. */
@Timeout(120)
class ApacheRecorderTest {

    @RegisterExtension
    static final RecorderLab lab = new RecorderLab();

    /** Apache shows TCP, the CONNECT exchange and TLS apart on new connections, not wire bytes. */
    static final Fields FIELDS = new Fields(
            Set.of("status", "http", "total", "request", "conn", "reused", "body_len", "ip", "loc", "scheme"),
            Set.of("tcp", "connect", "tls"),
            Set.of("dns", "proxy_tls", "socks", "bytes_out", "bytes_in", "handshake_bytes", "queue"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theRecordsCountWhatTheLabCounted(Mode mode) throws Exception {
        LabCheck.check(lab, dir, mode, ApacheRecorderTest::open, FIELDS);
    }

    @Test
    void aConnectTheProxyRefusedIsRecordedAsConnect407() throws Exception {
        LabCheck.checkRefused(lab, dir, ApacheRecorderTest::open);
    }

    /**
     * The user's wiring: one line on the builder once the pool is set. The session rides as the context's user
     * token, which also keeps sessions' connections apart in Apache's pool; keep-alive 0 is a reuse strategy that
     * never reuses.
     */
    static ClientUnderTest.Handle open(Recorder recorder, ClientUnderTest.Setup setup) {
        ApacheRecorder recording = ApacheRecorder.of(recorder, context -> (String) context.getUserToken());
        HttpHost proxy = new HttpHost("http", setup.proxyHost(), setup.proxyPort());
        HttpClientBuilder builder = HttpClients.custom().setProxy(proxy)
                .setDefaultCredentialsProvider(CredentialsProviderBuilder.create()
                        .add(new AuthScope(proxy), setup.user(), setup.password().toCharArray()).build())
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setTlsSocketStrategy(ClientTlsStrategyBuilder.create()
                                .setSslContext(setup.trust().context()).buildClassic())
                        .build());
        if (setup.keepAliveZero()) {
            builder.setConnectionReuseStrategy((request, response, context) -> false);
        }
        CloseableHttpClient client = recording.decorate(builder).build();
        return new ClientUnderTest.Handle() {
            @Override
            public String get(URI url) throws Exception {
                HttpClientContext context = HttpClientContext.create();
                context.setUserToken(setup.session());
                return client.execute(new HttpGet(url), context, response -> EntityUtils.toString(response.getEntity()));
            }

            @Override
            public void close() throws IOException {
                client.close();
            }
        };
    }
}
