package io.proxybench.client;

import io.proxybench.client.event.ConnectionInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;

/**
 * A response whose body is read as it arrives, as {@link ProxyClient#stream} gives it once the head is in: a body of
 * any size, in bounded memory. When the reader falls behind, the client stops reading the connection (TCP, or HTTP/2
 * flow control, then holds the server back); the read-idle timeout does not count that wait.
 *
 * <pre>{@code
 * try (ResponseStream r = client.stream(ProxyRequest.get(url)).join();
 *      OutputStream file = Files.newOutputStream(path)) {
 *     r.body().transferTo(file);
 * }
 * }</pre>
 *
 * <p>Read the body on a thread of your own (the future completes on one), never on the client's I/O threads: a read
 * there would wait for itself, and throws {@link IllegalStateException} instead, and on one thread at a time. Close the
 * stream when done with it: closing before the body's end aborts the exchange (its connection is not reused), as an
 * unread body must not hold a connection; and the bytes that came and were not read are kept in the client's pooled
 * buffers (off the heap) until it is closed, so a stream dropped unread and unclosed holds that memory for good.
 */
public final class ResponseStream implements AutoCloseable {

    private final ProxyResponse head;
    private final InputStream body;
    private final CompletableFuture<ProxyResponse> completion;

    /**
     * @param head the response as its head arrived: status, headers, connection and exit; its body is empty
     * @param body the body as it arrives
     * @param completion completes once the body has arrived whole, or fails as the call does
     */
    public ResponseStream(ProxyResponse head, InputStream body, CompletableFuture<ProxyResponse> completion) {
        this.head = head;
        this.body = body;
        this.completion = completion;
    }

    /**
     * The status code.
     *
     * @return e.g. {@code 200}
     */
    public int status() {
        return head.status();
    }

    /**
     * The response's headers.
     *
     * @return the headers
     */
    public Headers headers() {
        return head.headers();
    }

    /**
     * The connection that carries the response.
     *
     * @return its description
     */
    public ConnectionInfo connection() {
        return head.connection();
    }

    /**
     * Whether the connection existed before this call.
     *
     * @return true when reused
     */
    public boolean reused() {
        return head.reused();
    }

    /**
     * The exit label, as {@link ProxyResponse#exit()}.
     *
     * @return the label, or {@code direct}
     */
    public String exit() {
        return head.exit();
    }

    /**
     * The body, read as it arrives. A read fails with an {@link java.io.IOException} when the call fails before the
     * body's end (the connection closed, a timeout); {@code -1} after its last byte.
     *
     * @return the body; the same stream each time
     */
    public InputStream body() {
        return body;
    }

    /**
     * The whole call, once its body has been read to the end: wire bytes, timings and the body's length
     * ({@link ProxyResponse#bodyBytes()}); its {@link ProxyResponse#body()} is empty. Fails with the call's
     * {@link CallException} when the call does.
     *
     * @return completes after the body's last byte has arrived
     */
    public CompletableFuture<ProxyResponse> completion() {
        return completion;
    }

    /** Drops what is unread; before the body's end, aborts the exchange (the call then fails as cancelled). */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
