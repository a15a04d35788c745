package io.proxybench.examples;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Counts;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Four workers, each on a sticky session of its own, fetch a page ten times through a proxy gateway; then the
 * client says what the proxy pool cost: connections opened, handshakes per 1,000 requests, reuse, bytes.
 *
 * <p>{@code java CountHandshakes PROXY_URL TARGET_URL [CA_FILE]}
 */
public final class CountHandshakes {

    public static void main(String[] args) {
        String proxy = args[0];                              // http://user:pass@gateway:8080
        String url = args[1];                                // https://example.com/
        TlsSettings tls = args.length > 2 ? TlsSettings.caFile(Path.of(args[2])) : TlsSettings.system();

        try (ProxyClient client = ProxyClient.builder()
                .proxy(proxy)
                .tls(tls)
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                .limits(PoolLimits.builder().maxPerKey(2).keepAlive(Duration.ofSeconds(30)).build())
                .build()) {
            for (int round = 0; round < 10; round++) {
                List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>();
                for (int worker = 0; worker < 4; worker++) {
                    calls.add(client.send(ProxyRequest.get(url).withSessionKey("worker-" + worker)));
                }
                for (CompletableFuture<ProxyResponse> call : calls) {
                    try {
                        ProxyResponse r = call.join();
                        System.out.printf("%d via %s, connection %d%s%n", r.status(), r.exit(),
                                r.connection().id(), r.reused() ? " (reused)" : "");
                    } catch (CompletionException e) {
                        CallException failed = (CallException) e.getCause();
                        System.out.println("failed: " + failed.label());
                    }
                }
            }
            Counts total = client.counters().total();
            System.out.printf("requests %d, connections opened %d, handshakes per 1,000 %.0f, reuse %.0f%%,"
                    + " bytes per request %.0f%n", total.requests(), total.created(), total.handshakesPer1000(),
                    100 * total.reuseRate(), total.bytesPerRequest());
            for (Map.Entry<String, Counts> exit : client.counters().perExit().entrySet()) {
                System.out.printf("  %s: %d opened, %d reused%n", exit.getKey(), exit.getValue().created(),
                        exit.getValue().reused());
            }
        }
    }
}
