package io.proxybench.client;

import io.proxybench.client.event.Phase;

/**
 * A call that failed, with the phase it failed in. The message reads {@code <phase>: <cause>} and, like every
 * message of this client, never contains a proxy password.
 */
public final class CallException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Phase phase;

    public CallException(Phase phase, Throwable cause) {
        super(phase.label() + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
        this.phase = phase;
    }

    public Phase phase() {
        return phase;
    }

    /**
     * The error label for records, {@code <phase>_<Reason>}, as the seed harness writes it: a proxy's refusal of a
     * CONNECT is its status ({@code connect_407}, {@code connect_502}), anything else the exception's name, Netty's
     * stackless and annotated variants under their JDK names ({@code tcp_ConnectException}, not
     * {@code tcp_AnnotatedConnectException}).
     */
    public String label() {
        return phase.label() + "_" + reason(getCause());
    }

    private static String reason(Throwable cause) {
        int status = ConnectRefusal.status(cause);
        if (status > 0) {
            return String.valueOf(status);
        }
        Class<?> type = cause.getClass();
        while (type.getName().startsWith("io.netty.") && (type.getSimpleName().startsWith("Stackless")
                || type.getSimpleName().startsWith("Annotated"))) {
            type = type.getSuperclass();
        }
        return type.getSimpleName();
    }
}
