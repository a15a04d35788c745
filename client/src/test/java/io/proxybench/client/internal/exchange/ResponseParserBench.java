package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One kept-alive response read as a run reads it: nginx's answer to a benchmark's GET (status line, five fields and a
 * three-byte body, in one buffer as one TLS record gives it), then the one field a run looks up in every response
 * ({@code cf-mitigated}, absent, which is the whole scan).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class ResponseParserBench {

    private static final byte[] NGINX = ("HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\n"
            + "Date: Wed, 02 Dec 2026 23:59:59 GMT\r\nContent-Type: application/octet-stream\r\n"
            + "Content-Length: 3\r\nConnection: keep-alive\r\n\r\nok\n").getBytes(StandardCharsets.ISO_8859_1);

    /** Keeps what a connection keeps of a response: its status, its headers, its end. */
    private static final class Kept implements ResponseParser.Listener {
        int status;
        Headers headers;
        int bodyBytes;
        CloseReason reason;

        @Override
        public void head(int status, Headers headers) {
            this.status = status;
            this.headers = headers;
        }

        @Override
        public void content(ByteBuf buf, int index, int length) {
            bodyBytes += length;
        }

        @Override
        public void end(CloseReason closeReason) {
            reason = closeReason;
        }
    }

    private final Kept kept = new Kept();
    private final ResponseParser parser = new ResponseParser(kept);
    private ByteBuf wire;

    @Setup
    public void setUp() {
        wire = PooledByteBufAllocator.DEFAULT.directBuffer(NGINX.length).writeBytes(NGINX);
    }

    @TearDown
    public void tearDown() {
        wire.release();
    }

    /** The response read whole, and the block-page field looked up in it; returns the lookup's answer (null). */
    @Benchmark
    public String readAndLookUp() throws IOException {
        wire.readerIndex(0);
        parser.start(false);
        parser.read(wire);
        return kept.headers.get("cf-mitigated");
    }
}
