package io.proxybench.lab.target;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.net.Transport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The scraper's endpoints: {@code /page/N} gzip'd on request and checking the cookie {@code /login} set. */
class PageAndLoginTest {

    @TempDir
    static Path caDir;

    private static EventLoopGroup boss;
    private static EventLoopGroup workers;
    private static TargetServer server;

    @BeforeAll
    static void start() throws Exception {
        boss = Transport.current().newGroup(1);
        workers = Transport.current().newGroup(2);
        LabCa ca = LabCa.loadOrCreate(caDir);
        server = TargetServer.start(new TargetConfig("127.0.0.1", 0, 0, 4, 0.1), Transport.current(), boss, workers,
                ca.issueServer(List.of("localhost"), List.of("127.0.0.1")), address -> "XX");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    @Test
    void pageIsGzipdOnlyWhenTheRequestAcceptsIt() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response plain = connection.get("/page/30000");
            Http1Connection.Response gzip = connection.get("/page/30000", "Accept-Encoding: gzip, br");
            Http1Connection.Response refused = connection.get("/page/30000", "Accept-Encoding: gzip;q=0");

            assertThat(plain.status()).isEqualTo(200);
            assertThat(plain.header("content-type")).isEqualTo(Responses.HTML);
            assertThat(plain.header("content-encoding")).isNull();
            assertThat(plain.header("vary")).isEqualToIgnoringCase("accept-encoding");
            assertThat(plain.body()).hasSize(30_000).isEqualTo(Pages.page(30_000).identity());
            assertThat(gzip.header("content-encoding")).isEqualTo("gzip");
            assertThat(gzip.body()).hasSizeLessThan(30_000 / 3);
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip.body()))) {
                assertThat(in.readAllBytes()).isEqualTo(plain.body());
            }
            assertThat(refused.header("content-encoding")).isNull();
            assertThat(refused.body()).hasSize(30_000);
        }
    }

    @Test
    void headOfAPageHasTheGetsLengthAndNoBody() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response head = connection.request("HEAD", "/page/5000", "Accept-Encoding: gzip");

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo(Integer.toString(Pages.page(5000).gzip().length));
            assertThat(head.body()).isEmpty();
        }
    }

    @Test
    void loginRedirectsSettingOneCookiePerSourceAndPagesCountWhatCameBack() throws IOException {
        server.stats().reset();
        String cookie;
        try (Http1Connection exit = Http1Connection.open(server.httpPort(), "127.6.6.6")) {
            Http1Connection.Response login = exit.get("/login?to=/page/100%3Fx%3D1");
            assertThat(login.status()).isEqualTo(302);
            assertThat(login.header("location")).isEqualTo("/page/100?x=1");
            String setCookie = login.header("set-cookie");
            assertThat(setCookie).matches("lab_session=[0-9a-f]{32}; Path=/; HTTPOnly");
            cookie = setCookie.substring(0, setCookie.indexOf(';'));
            assertThat(exit.get("/login?to=/").header("set-cookie")).as("the same token for the same source")
                    .startsWith(cookie + ";");

            assertThat(exit.get("/page/100", "Cookie: a=b; " + cookie).status()).isEqualTo(200);
            assertThat(exit.get("/page/100").status()).isEqualTo(200);
        }
        try (Http1Connection other = Http1Connection.open(server.httpPort(), "127.7.7.7")) {
            assertThat(other.get("/page/100", "Cookie: " + cookie).status()).as("served all the same")
                    .isEqualTo(200);
            other.get("/page/100", "Cookie: lab_session=0123");
        }

        assertThat(server.stats().snapshot().pageCookies()).isEqualTo(new StatsSnapshot.PageCookies(1, 1, 2));
        server.stats().reset();
        assertThat(server.stats().snapshot().pageCookies()).isEqualTo(new StatsSnapshot.PageCookies(0, 0, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/login", "/login?to=page", "/login?to=//elsewhere.example/", "/login?to=/a&to=/b",
            "/login?to=http://elsewhere.example/"})
    void loginRefusesATargetThatIsNotOnePathHere(String target) throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get(target);

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.text()).startsWith("/login needs one to=PATH");
            assertThat(response.header("set-cookie")).isNull();
        }
    }
}
