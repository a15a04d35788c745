package io.proxybench.client;

/**
 * A call in progress, as {@link ProxyClient#send(ProxyRequest, java.util.function.BiConsumer)} returns it: it can be
 * cancelled from any thread.
 */
public interface Call {

    /**
     * Ends the call in whatever phase it is in: it fails with a {@link CallException} whose cause is a
     * {@link java.util.concurrent.CancellationException} and whose label is {@code <phase>_Cancelled}. An exchange in
     * progress is aborted (an HTTP/1.1 connection is closed, an HTTP/2 stream reset), a wait for a pool slot is given
     * up, and a connection being set up is finished and pooled idle: nothing stays held. Does nothing once the call
     * has ended.
     */
    void cancel();

    /**
     * Whether {@link #cancel()} (or the call timeout) was called.
     *
     * @return true once cancelled
     */
    boolean isCancelled();
}
