package io.proxybench.jmh.sidebyside;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.TlsSettings;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * proxybench's side of {@code bench/download-vs-curl.sh}: a body streamed through a proxy and thrown away, as
 * {@code curl -x PROXY -o /dev/null} does, {@code TRANSFERS} times (1 by default) by one client, one after the other.
 * Usage: {@code DownloadToNull URL PROXY CA_PEM [TRANSFERS]}. Prints a line {@code transfer=I bytes=N seconds=S} per
 * transfer: the body's length and the time from the send (the client built, its TLS context loaded) to the body's
 * last byte, which covers what curl's {@code time_total} does: connect (the first transfer only: later ones reuse the
 * tunnel), tunnel, handshake, transfer. The first transfer runs while the JIT compiles the path; later ones show the
 * client as a long-running program has it.
 */
public final class DownloadToNull {

    private DownloadToNull() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3 && args.length != 4) {
            System.err.println("usage: DownloadToNull URL PROXY CA_PEM [TRANSFERS]");
            System.exit(2);
        }
        int transfers = args.length == 4 ? Integer.parseInt(args[3]) : 1;
        try (ProxyClient client = ProxyClient.builder().proxy(args[1]).tls(TlsSettings.caFile(Path.of(args[2])))
                .build()) {
            for (int i = 1; i <= transfers; i++) {
                long start = System.nanoTime();
                long bytes;
                try (ResponseStream response = client.stream(ProxyRequest.get(args[0])).get(30, TimeUnit.SECONDS)) {
                    if (response.status() != 200) {
                        System.err.println("DownloadToNull: " + args[0] + " answered " + response.status()
                                + ", not 200");
                        System.exit(1);
                    }
                    bytes = response.body().transferTo(OutputStream.nullOutputStream());
                }
                System.out.printf("transfer=%d bytes=%d seconds=%.3f%n", i, bytes, (System.nanoTime() - start) / 1e9);
            }
        }
    }
}
