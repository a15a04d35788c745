package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A redirect to another origin rides the request's session: through the lab's rotating gateway, where every new
 * tunnel without a session gets a new exit, both hops of a sticky session's call leave from one exit.
 */
class RedirectExitTest {

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

    @Test
    void bothHopsOfASessionsCallLeaveFromItsExit() throws Exception {
        List<InetAddress> seenByFirst = new CopyOnWriteArrayList<>();
        String target = "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace";
        try (ServerSocket first = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ProxyClient client = ProxyClient.builder().proxy("http://user:pass@127.0.0.1:" + lab.gatewayPort())
                        .forceConnect(true)
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                        .build()) {
            Thread server = new Thread(() -> {
                while (!first.isClosed()) {
                    try (Socket s = first.accept()) {
                        seenByFirst.add(s.getInetAddress());
                        readHead(s.getInputStream());
                        s.getOutputStream().write(("HTTP/1.1 302 Found\r\nLocation: " + target
                                + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            server.setDaemon(true);
            server.start();
            for (String key : new String[] {"a", "b"}) {
                ProxyResponse r = client.send(ProxyRequest.get("http://127.0.0.1:" + first.getLocalPort() + "/start")
                        .withSessionKey(key)).get(20, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.redirects()).hasSize(1);
                String exit = r.bodyText().lines().filter(l -> l.startsWith("ip=")).findFirst().orElseThrow()
                        .substring(3);
                assertThat(exit).as("the second hop's exit").isEqualTo(seenByFirst.get(seenByFirst.size() - 1)
                        .getHostAddress()).isNotEqualTo("127.0.0.1");
            }
            assertThat(seenByFirst.get(0)).as("two sessions, two exits").isNotEqualTo(seenByFirst.get(1));
            first.close();
            server.join(TimeUnit.SECONDS.toMillis(5));
        }
    }

    private static void readHead(InputStream in) throws Exception {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
    }
}
