package io.proxybench.recorder.apache;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;

/**
 * One call's state between the exec chain handler, which starts and ends it, and the connection manager, which sees
 * the call's context when it opens a connection for it. Kept as an attribute of the call's context while the chain
 * runs; the manager's hooks run on the calling thread, within the chain.
 */
final class ApacheCall {

    /** The context attribute the call is kept under. */
    static final String KEY = "io.proxybench.recorder.apache.call";

    private final Recorder recorder;
    private final Observation observation;
    private final boolean tunnelled;
    private volatile boolean opened;
    private volatile long requestStartNanos;

    ApacheCall(Recorder recorder, Observation observation, boolean tunnelled) {
        this.recorder = recorder;
        this.observation = observation;
        this.tunnelled = tunnelled;
        this.requestStartNanos = recorder.nanoTime();
    }

    Observation observation() {
        return observation;
    }

    /** Whether this call opened a connection (the manager connected one for it). */
    boolean opened() {
        return opened;
    }

    /** When the request could start: the call's start, or when the connection it opened was ready. */
    long requestStartNanos() {
        return requestStartNanos;
    }

    /** The manager is connecting a socket for this call: to the proxy when there is one. */
    void connecting() {
        opened = true;
        observation.start(Phase.TCP);
    }

    /** The socket is connected; on a tunnelled route the CONNECT exchange comes next. */
    void connected() {
        observation.end(Phase.TCP);
        if (tunnelled) {
            observation.start(Phase.CONNECT);
        }
        requestStartNanos = recorder.nanoTime();
    }

    /** The tunnel is up and TLS with the target starts on it. */
    void upgrading() {
        observation.end(Phase.CONNECT);
        observation.start(Phase.TLS);
    }

    /** TLS with the target is done: the request goes next. */
    void upgraded() {
        observation.end(Phase.TLS);
        requestStartNanos = recorder.nanoTime();
    }
}
