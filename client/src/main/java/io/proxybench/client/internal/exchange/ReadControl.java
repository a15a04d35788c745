package io.proxybench.client.internal.exchange;

/**
 * The pace of a response body: a sink whose consumer falls behind pauses the connection's (or HTTP/2 stream's) reads,
 * so the peer is held back by TCP or by HTTP/2 flow control instead of the body piling up in memory. Callable from
 * any thread. While paused, the read-idle timeout does not run: the wait is the consumer's, not the server's.
 */
public interface ReadControl {

    /** Stops reading after the bytes already read; a chunk in hand may still arrive. */
    void pause();

    /** Reads again. */
    void resume();
}
