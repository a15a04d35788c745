package io.proxybench.recorder.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.recorder.core.Recorder;
import io.proxybench.recorder.labcheck.ClientUnderTest;
import io.proxybench.recorder.labcheck.Fields;
import io.proxybench.recorder.labcheck.LabCheck;
import io.proxybench.recorder.labcheck.Mode;
import io.proxybench.recorder.labcheck.RecorderLab;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JDK's HttpClient through the lab's gateway, recorded: the file against the lab's own counts ({@link LabCheck}).
 * Its surefire run sets {@code jdk.http.auth.tunneling.disabledSchemes} empty (Basic credentials on the CONNECT) and
 * lets a request say {@code Connection: close} (keep-alive 0).
 */
@Timeout(120)
class JdkRecorderTest {

    @RegisterExtension
    static final RecorderLab lab = new RecorderLab();

    /** The JDK shows TLS (through its engine), not DNS, TCP or the CONNECT, nor wire bytes. */
    static final Fields FIELDS = new Fields(
            Set.of("status", "http", "total", "request", "conn", "reused", "body_len", "ip", "loc"),
            Set.of("tls"),
            Set.of("dns", "tcp", "connect", "proxy_tls", "socks", "bytes_out", "bytes_in", "handshake_bytes",
                    "queue", "scheme"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theRecordsCountWhatTheLabCounted(Mode mode) throws Exception {
        LabCheck.Run run = LabCheck.check(lab, dir, mode, JdkRecorderTest::open, FIELDS);

        assertThat(run.records()).extracting(r -> r.http())
                .containsOnly(mode == Mode.KEEP_ALIVE_ZERO ? "http/1.1" : "h2");
    }

    @Test
    void aConnectTheProxyRefusedIsRecordedAsConnect407() throws Exception {
        LabCheck.checkRefused(lab, dir, JdkRecorderTest::open);
    }

    /**
     * The user's wiring: one line where the client is built. The JDK takes a request's own Proxy-Authorization
     * onto the CONNECT; keep-alive 0 is HTTP/1.1 with {@code Connection: close}.
     */
    static ClientUnderTest.Handle open(Recorder recorder, ClientUnderTest.Setup setup) {
        JdkRecorder recording = JdkRecorder.of(recorder, request -> setup.session());
        HttpClient.Builder builder = HttpClient.newBuilder()
                .proxy(ProxySelector.of(new InetSocketAddress(setup.proxyHost(), setup.proxyPort())));
        if (setup.keepAliveZero()) {
            builder.version(HttpClient.Version.HTTP_1_1);
        }
        HttpClient client = recording.build(builder, setup.trust().context());
        String basic = "Basic " + Base64.getEncoder().encodeToString((setup.user() + ":" + setup.password())
                .getBytes(StandardCharsets.UTF_8));
        return new ClientUnderTest.Handle() {
            @Override
            public String get(URI url) throws Exception {
                HttpRequest.Builder request = HttpRequest.newBuilder(url).header("Proxy-Authorization", basic)
                        .timeout(Duration.ofSeconds(30));
                if (setup.keepAliveZero()) {
                    request.header("Connection", "close");
                }
                return client.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
            }

            @Override
            public void close() {
                ((RecordingHttpClient) client).close();
            }
        };
    }
}
