package io.proxybench.jmh.sidebyside;

import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;

/**
 * The lab target's connection counters ({@code GET /stats}), read straight from the target on a connection of
 * their own that the target closes after the answer. Each reading counts itself: one connection in
 * {@code connectionsTotal} and, while it is served, one in {@code openConnections}.
 *
 * @param connectionsTotal TCP connections the target accepted since its counters were last reset: through a
 *     CONNECT proxy, one per tunnel a client opened (a handshake)
 * @param openConnections TCP connections open at the target now (a gauge)
 */
record TargetStats(long connectionsTotal, long openConnections) {

    private static final Pattern TOTAL = Pattern.compile("\"connections_total\":(\\d+)");
    private static final Pattern OPEN = Pattern.compile("\"open_connections\":(\\d+)");

    /** Reads {@code /stats} of the target that serves {@code pageUrl}. */
    static TargetStats read(String pageUrl, SSLContext tls) throws IOException {
        URI stats = URI.create(pageUrl).resolve("/stats");
        HttpsURLConnection connection = (HttpsURLConnection) stats.toURL().openConnection(Proxy.NO_PROXY);
        connection.setSSLSocketFactory(tls.getSocketFactory());
        connection.setRequestProperty("Connection", "close");
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(10_000);
        String json;
        try (InputStream in = connection.getInputStream()) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
        return new TargetStats(field(TOTAL, json, stats), field(OPEN, json, stats));
    }

    private static long field(Pattern pattern, String json, URI from) throws IOException {
        Matcher m = pattern.matcher(json);
        if (!m.find()) {
            throw new IOException(from + " has no " + pattern.pattern() + ": " + json);
        }
        return Long.parseLong(m.group(1));
    }
}
