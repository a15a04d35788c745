package io.proxybench.client.internal.exchange;

/**
 * Ends an exchange in progress from any thread, as a call's cancellation does: the connection fails it with {@code
 * why} (closing an HTTP/1.1 connection, which cannot be reused mid-exchange; resetting an HTTP/2 stream, which leaves
 * the connection to the others). Does nothing once the exchange has ended.
 */
public interface ExchangeAbort {

    void abort(ExchangeCallback exchange, Throwable why);
}
