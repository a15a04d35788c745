package io.proxybench.jmh;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ResponseStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One request by proxybench's client whose body is streamed ({@link ResponseStream}) and read to its end into a buffer
 * kept across requests, then dropped: the client's own allocation per request (JMH's gc.alloc.rate.norm, bytes per
 * op), on one connection kept alive to an origin in another process, so that the origin's allocation is not in the
 * figure. {@code bench/alloc-stream.sh} starts the lab and passes its plain-HTTP target's {@code /bytes/30000} as
 * {@code url}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class StreamBodyBench {

    /** The body's URL; no default: the origin runs outside the benchmark's JVM. */
    @Param("")
    public String url;

    private ProxyClient client;
    private ProxyRequest request;
    /** Reused by every request: the body's bytes are read, never kept. */
    private final byte[] buffer = new byte[16 * 1024];

    @Setup(Level.Trial)
    public void setUp() {
        if (url.isEmpty()) {
            throw new IllegalArgumentException("StreamBodyBench needs -p url=ORIGIN_URL; bench/alloc-stream.sh passes"
                    + " the lab target's");
        }
        client = ProxyClient.builder().build();
        request = ProxyRequest.get(url);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        client.close();
    }

    /** Returns the body's length in bytes. */
    @Benchmark
    public long streamBody() throws Exception {
        long bytes = 0;
        try (ResponseStream response = client.stream(request).get(30, TimeUnit.SECONDS)) {
            if (response.status() != 200) {
                throw new IOException(url + " answered " + response.status());
            }
            InputStream body = response.body();
            for (int n; (n = body.read(buffer)) >= 0; ) {
                bytes += n;
            }
        }
        return bytes;
    }
}
