package io.proxybench.recorder.labcheck;

/** The three ways the lab check runs a client through the gateway. */
public enum Mode {
    /** No session: the gateway gives each tunnel a new exit; the client reuses its connection. */
    ROTATING,
    /** One sticky session in the proxy user name: every tunnel gets the session's exit. */
    STICKY,
    /** The client configured so that no connection is reused: a tunnel per request. */
    KEEP_ALIVE_ZERO
}
