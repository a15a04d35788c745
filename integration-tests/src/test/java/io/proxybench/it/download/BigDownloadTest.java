package io.proxybench.it.download;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Microsocks;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A big body streamed to a file ({@code ResponseStream.body().transferTo}) by a client in a JVM of
 * {@value #HEAP} heap (and so as much direct memory, Netty's limit too), through squid as a CONNECT proxy (https
 * origin) and as a forward proxy (http origin), microsocks with a user name and password (http and https origins;
 * the https one is HTTP/2, whose receive windows once held it to 1 MB/s there), and the lab's gateway (https). The
 * origin is the lab target's {@code /bytes/N}, whose byte k is {@code k mod 256}: the file must hold exactly N bytes
 * with the pattern's CRC-32C. {@value #DEFAULT_BYTES} bytes by default, so that {@code bin/test} stays quick; the
 * issue's 1 GiB with {@code -Dproxybench.bigDownload.bytes=1073741824}, and {@code bench/download-vs-curl.sh} measures
 * its speed.
 */
@Tag("interop")
class BigDownloadTest {

    private static final String HEAP = "64m";
    private static final long DEFAULT_BYTES = 256L << 20;
    private static final long BYTES = Long.getLong("proxybench.bigDownload.bytes", DEFAULT_BYTES);
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(30 + BYTES / (8L << 20));
    private static final Pattern RESULT = Pattern.compile(
            "bytes=(\\d+) crc32c=([0-9a-f]{8}) heap_peak_bytes=(\\d+) seconds=([0-9.]+)");

    @TempDir
    static Path home;

    @TempDir
    Path downloads;

    static Lab lab;

    @BeforeAll
    static void start() throws InterruptedException {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void throughSquidConnectToAnHttpsOrigin() throws Exception {
        try (Squid squid = Squid.start()) {
            download(https(), squid.url(), "squid CONNECT");
            squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT 127.0.0.1:" + lab.targetHttpsPort());
        }
    }

    @Test
    void throughSquidForwardingToAnHttpOrigin() throws Exception {
        try (Squid squid = Squid.start()) {
            download(http(), squid.url(), "squid forward");
            squid.awaitAccessLog("TCP_MISS/200", "GET " + http());
        }
    }

    @Test
    void throughMicrosocksWithAPassword() throws Exception {
        try (Microsocks microsocks = Microsocks.startWithAuth("scraper", "s3cret")) {
            download(http(), "socks5h://scraper:s3cret@127.0.0.1:" + microsocks.port(), "microsocks");
        }
    }

    @Test
    void throughMicrosocksWithAPasswordToAnHttpsOrigin() throws Exception {
        try (Microsocks microsocks = Microsocks.startWithAuth("scraper", "s3cret")) {
            download(https(), "socks5h://scraper:s3cret@127.0.0.1:" + microsocks.port(), "microsocks https");
        }
    }

    @Test
    void throughTheLabGateway() throws Exception {
        download(https(), "http://127.0.0.1:" + lab.gatewayPort(), "lab gateway");
    }

    private static String http() {
        return "http://127.0.0.1:" + lab.targetHttpPort() + "/bytes/" + BYTES;
    }

    private static String https() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/bytes/" + BYTES;
    }

    /** Runs {@link StreamToFile} in a JVM of {@value #HEAP} heap and checks the file it wrote. */
    private void download(String url, String proxy, String path) throws Exception {
        Path file = downloads.resolve("body");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        CommandResult result = Peer.run(List.of(java.toString(), "-Xmx" + HEAP, "-cp",
                System.getProperty("java.class.path"), StreamToFile.class.getName(), url, proxy,
                lab.caFile().toString(), file.toString()), CHILD_TIMEOUT).assertSuccess();
        Matcher figures = RESULT.matcher(result.stdout());
        assertThat(figures.find()).as("StreamToFile's result line in %s", result.describe()).isTrue();
        System.out.printf("%s: %d MiB in %s s, heap peak at most %.1f MiB (-Xmx%s)%n", path, BYTES >> 20,
                figures.group(4), Long.parseLong(figures.group(3)) / 1048576.0, HEAP);

        assertThat(Long.parseLong(figures.group(1))).as("bytes the body had").isEqualTo(BYTES);
        assertThat(Files.size(file)).as("bytes in the file").isEqualTo(BYTES);
        assertThat(figures.group(2)).as("CRC-32C of the body").isEqualTo(patternCrc(BYTES));
        Files.delete(file);
    }

    /** The CRC-32C, as 8 hex digits, of the lab's {@code /bytes/N} body: byte k is {@code (byte) k}. */
    private static String patternCrc(long length) {
        byte[] block = new byte[1 << 16];
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) i;
        }
        CRC32C crc = new CRC32C();
        for (long left = length; left > 0; left -= block.length) {
            crc.update(block, 0, (int) Math.min(block.length, left));
        }
        return String.format("%08x", crc.getValue());
    }
}
