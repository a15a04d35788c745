package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cookies are kept per session: through the lab's gateway, five sessions (five exits) each get a cookie naming the
 * exit it was set through, and the origin checks every later request: a cookie only ever comes back through the exit
 * that got it.
 */
class CookiesPerSessionTest {

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

    /** One request as the origin saw it: the exit it came from and its Cookie header (null when none). */
    private record Seen(String exit, String cookie) {}

    @Test
    void noCookieComesBackThroughAnotherSessionsExit() throws Exception {
        List<Seen> seen = new CopyOnWriteArrayList<>();
        try (ServerSocket origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ProxyClient client = ProxyClient.builder().proxy("http://user:pass@127.0.0.1:" + lab.gatewayPort())
                        .forceConnect(true)
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                        .build()) {
            Thread server = new Thread(() -> serve(origin, seen));
            server.setDaemon(true);
            server.start();
            String url = "http://127.0.0.1:" + origin.getLocalPort() + "/page";
            for (int round = 0; round < 3; round++) {
                for (int s = 0; s < 5; s++) {
                    assertThat(client.send(ProxyRequest.get(url).withSessionKey("s" + s)).get(20, TimeUnit.SECONDS)
                            .status()).isEqualTo(200);
                }
            }
            origin.close();
            server.join(TimeUnit.SECONDS.toMillis(5));
        }
        assertThat(seen).hasSize(15);
        assertThat(seen.stream().map(Seen::exit).distinct()).as("five sessions, five exits").hasSize(5);
        assertThat(seen.subList(0, 5)).allSatisfy(first -> assertThat(first.cookie()).isNull());
        assertThat(seen.subList(5, 15)).allSatisfy(later -> assertThat(later.cookie())
                .as("the cookie that came back through %s", later.exit()).isEqualTo("set_through=" + later.exit()));
    }

    /** Answers each request with a cookie naming the exit it came through, recording what came. */
    private static void serve(ServerSocket origin, List<Seen> seen) {
        while (!origin.isClosed()) {
            try {
                Socket s = origin.accept();
                Thread t = new Thread(() -> {
                    try (s) {
                        String exit = s.getInetAddress().getHostAddress();
                        while (true) {
                            String head = readHead(s.getInputStream());
                            if (head == null) {
                                return;
                            }
                            String cookie = head.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith("cookie:"))
                                    .map(l -> l.substring(7).strip()).findFirst().orElse(null);
                            seen.add(new Seen(exit, cookie));
                            s.getOutputStream().write(("HTTP/1.1 200 OK\r\nSet-Cookie: set_through=" + exit
                                    + "; Path=/\r\nContent-Length: 2\r\n\r\nok").getBytes(StandardCharsets.US_ASCII));
                        }
                    } catch (Exception e) {
                        // The client closed the connection.
                    }
                });
                t.setDaemon(true);
                t.start();
            } catch (Exception closed) {
                return;
            }
        }
    }

    private static String readHead(InputStream in) throws Exception {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }
}
