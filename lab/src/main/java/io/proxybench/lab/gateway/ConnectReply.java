package io.proxybench.lab.gateway;

/** When the gateway answers a CONNECT. */
public enum ConnectReply {
    /** 200 at once; the exit dials the target while the client starts its TLS handshake (as commercial pools do). */
    EARLY,
    /** 200 only once the exit has connected to the target, 502 if it cannot. */
    AFTER_DIAL
}
