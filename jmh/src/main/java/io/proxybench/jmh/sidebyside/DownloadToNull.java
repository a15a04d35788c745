package io.proxybench.jmh.sidebyside;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.TlsSettings;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * proxybench's side of {@code bench/download-vs-curl.sh}: one body streamed through a proxy and thrown away, as
 * {@code curl -x PROXY -o /dev/null} does. Usage: {@code DownloadToNull URL PROXY CA_PEM}. Prints
 * {@code bytes=N seconds=S}: the body's length and the time from the send (the client built, its TLS context
 * loaded) to the body's last byte, which covers what curl's {@code time_total} does: connect, tunnel, handshake,
 * transfer.
 */
public final class DownloadToNull {

    private DownloadToNull() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: DownloadToNull URL PROXY CA_PEM");
            System.exit(2);
        }
        try (ProxyClient client = ProxyClient.builder().proxy(args[1]).tls(TlsSettings.caFile(Path.of(args[2])))
                .build()) {
            long start = System.nanoTime();
            long bytes;
            try (ResponseStream response = client.stream(ProxyRequest.get(args[0])).get(30, TimeUnit.SECONDS)) {
                if (response.status() != 200) {
                    System.err.println("DownloadToNull: " + args[0] + " answered " + response.status() + ", not 200");
                    System.exit(1);
                }
                bytes = response.body().transferTo(OutputStream.nullOutputStream());
            }
            System.out.printf("bytes=%d seconds=%.3f%n", bytes, (System.nanoTime() - start) / 1e9);
        }
    }
}
