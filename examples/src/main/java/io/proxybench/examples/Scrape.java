package io.proxybench.examples;

import io.proxybench.client.Call;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A scraper's traffic through a proxy gateway: three shoppers, each on a sticky session of its own, log in (a 302
 * that sets a cookie), follow the redirect to a gzip'd page from the same exit and come back with the cookie; then a
 * large file streamed to disk, a page too slow for its head timeout, and a call cancelled in flight.
 *
 * <p>{@code java Scrape PROXY_URL SITE_URL DOWNLOAD_FILE [CA_FILE]}
 */
public final class Scrape {

    public static void main(String[] args) throws IOException, InterruptedException {
        String proxy = args[0];                              // http://user:pass@gateway:8080
        String site = args[1];                               // https://shop.example
        Path download = Path.of(args[2]);
        TlsSettings tls = args.length > 3 ? TlsSettings.caFile(Path.of(args[3])) : TlsSettings.system();

        try (ProxyClient client = ProxyClient.builder()
                .proxy(proxy)
                .tls(tls)
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                .redirects(RedirectPolicy.normal())          // the default: as browsers, every hop on the same exit
                .cookies(CookieJars.perSession())            // the default: one jar per session key
                .timeouts(Timeouts.builder().connect(Duration.ofSeconds(10)).call(Duration.ofSeconds(30)).build())
                .build()) {
            for (int shopper = 1; shopper <= 3; shopper++) {
                String key = "shopper-" + shopper;
                ProxyResponse page = client.send(ProxyRequest.builder(site + "/login?to=/page/30000")
                        .sessionKey(key).header("Accept", "text/html").build()).join();
                System.out.printf("%s: %d after %d redirect, %,d bytes on the wire, %,d decoded%n", key,
                        page.status(), page.redirects().size(), page.bytesIn(), page.decodedBytes());
                ProxyResponse again = client.send(ProxyRequest.get(site + "/page/30000").withSessionKey(key)).join();
                System.out.printf("%s: %d again, on %s connection%n", key, again.status(),
                        again.reused() ? "the same" : "a new");
            }

            // Any size in bounded memory: the client reads the connection only as fast as this thread writes.
            try (ResponseStream file = client.stream(ProxyRequest.get(site + "/bytes/20000000")).join();
                    OutputStream out = Files.newOutputStream(download)) {
                long bytes = file.body().transferTo(out);
                System.out.printf("download: %d, %,d bytes%n", file.status(), bytes);
            }

            ProxyRequest slow = ProxyRequest.builder(site + "/delay/5000")
                    .timeouts(Timeouts.builder().responseHead(Duration.ofMillis(300)).build()).build();
            try {
                client.execute(slow);                        // blocking: fine on a virtual thread
            } catch (CallException e) {
                System.out.println("slow page: " + e.label() + ", a " + e.kind() + " to retry later");
            }

            CompletableFuture<String> told = new CompletableFuture<>();
            Call call = client.send(ProxyRequest.get(site + "/delay/5000"),
                    (response, failure) -> told.complete(failure == null ? "answered" : label(failure)));
            call.cancel();                                   // ends in its phase; its connection is not kept
            System.out.println("cancelled call: " + told.join());
        }
    }

    private static String label(Throwable failure) {
        return failure instanceof CallException call ? call.label() : failure.getMessage();
    }
}
