package io.proxybench.recorder.okhttp;

import io.proxybench.recorder.core.Recorder;
import io.proxybench.recorder.labcheck.ClientUnderTest;
import io.proxybench.recorder.labcheck.Fields;
import io.proxybench.recorder.labcheck.LabCheck;
import io.proxybench.recorder.labcheck.Mode;
import io.proxybench.recorder.labcheck.RecorderLab;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.Credentials;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** OkHttp through the lab's gateway, recorded: the file against the lab's own counts ({@link LabCheck}). */
@Timeout(120)
class OkHttpRecorderTest {

    @RegisterExtension
    static final RecorderLab lab = new RecorderLab();

    /** OkHttp shows TLS on new connections, not TCP and CONNECT apart, nor wire bytes. */
    static final Fields FIELDS = new Fields(
            Set.of("status", "http", "total", "request", "conn", "reused", "body_len", "ip", "loc", "scheme"),
            Set.of("tls"),
            Set.of("tcp", "connect", "proxy_tls", "socks", "bytes_out", "bytes_in", "handshake_bytes", "queue"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theRecordsCountWhatTheLabCounted(Mode mode) throws Exception {
        LabCheck.check(lab, dir, mode, OkHttpRecorderTest::open, FIELDS);
    }

    @Test
    void aConnectTheProxyRefusedIsRecordedAsConnect407() throws Exception {
        LabCheck.checkRefused(lab, dir, OkHttpRecorderTest::open);
    }

    /** The user's wiring: one line on the builder; the session rides as the request's tag. */
    static ClientUnderTest.Handle open(Recorder recorder, ClientUnderTest.Setup setup) {
        OkHttpRecorder recording = OkHttpRecorder.of(recorder, request -> request.tag(String.class));
        String basic = Credentials.basic(setup.user(), setup.password());
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .proxy(new Proxy(Proxy.Type.HTTP, new InetSocketAddress(setup.proxyHost(), setup.proxyPort())))
                .proxyAuthenticator((route, response) -> basic.equals(response.request().header("Proxy-Authorization"))
                        ? null : response.request().newBuilder().header("Proxy-Authorization", basic).build())
                .sslSocketFactory(setup.trust().context().getSocketFactory(), setup.trust().manager())
                .eventListenerFactory(recording).addInterceptor(recording);
        if (setup.keepAliveZero()) {
            builder.connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS));
        }
        OkHttpClient client = builder.build();
        return new ClientUnderTest.Handle() {
            @Override
            public String get(URI url) throws Exception {
                Request.Builder request = new Request.Builder().url(url.toString());
                if (setup.session() != null) {
                    request.tag(String.class, setup.session());
                }
                try (Response response = client.newCall(request.build()).execute()) {
                    return response.body().string();
                }
            }

            @Override
            public void close() {
                client.dispatcher().executorService().shutdown();
                client.connectionPool().evictAll();
            }
        };
    }
}
