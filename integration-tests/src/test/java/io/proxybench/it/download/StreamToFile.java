package io.proxybench.it.download;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.TlsSettings;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.CheckedOutputStream;
import java.util.zip.CRC32C;

/**
 * One download streamed to a file, as {@link BigDownloadTest} runs it in a JVM of its own with a small heap:
 * {@code StreamToFile URL PROXY CA_FILE FILE} ({@code -} for no proxy, or the system's trust). Prints one line,
 * {@code bytes=N crc32c=HEX heap_peak_bytes=N seconds=S}: the body's length and CRC-32C as written to the file, the
 * sum of the heap pools' peak occupancy (an upper bound of the heap's peak) and the time from send to the body's
 * end. Exits with 1 on a status other than 200, naming it.
 */
public final class StreamToFile {

    private StreamToFile() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: StreamToFile URL PROXY|- CA_FILE|- FILE");
            System.exit(2);
        }
        ProxyClient.Builder builder = ProxyClient.builder();
        if (!args[1].equals("-")) {
            builder.proxy(args[1]);
        }
        if (!args[2].equals("-")) {
            builder.tls(TlsSettings.caFile(Path.of(args[2])));
        }
        long start = System.nanoTime();
        CRC32C crc = new CRC32C();
        long bytes;
        try (ProxyClient client = builder.build();
                ResponseStream response = client.stream(ProxyRequest.get(args[0])).get(30, TimeUnit.SECONDS);
                OutputStream file = new CheckedOutputStream(Files.newOutputStream(Path.of(args[3])), crc)) {
            if (response.status() != 200) {
                System.err.println("StreamToFile: " + args[0] + " answered " + response.status() + ", not 200");
                System.exit(1);
            }
            bytes = response.body().transferTo(file);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long heapPeak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPeak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("bytes=%d crc32c=%08x heap_peak_bytes=%d seconds=%.3f%n", bytes, crc.getValue(), heapPeak,
                seconds);
    }
}
