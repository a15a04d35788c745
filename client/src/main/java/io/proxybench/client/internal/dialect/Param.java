package io.proxybench.client.internal.dialect;

import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;

/** A session parameter a dialect may write: the three sticky kinds' ids, the lifetime and the targeting. */
enum Param {
    SESSION, HARD_SESSION, LOCKED_SESSION, LIFETIME, COUNTRY, STATE, CITY, ASN;

    /** The sticky kind whose id this parameter carries, or null. */
    SessionKind kind() {
        return switch (this) {
            case SESSION -> SessionKind.SESSION;
            case HARD_SESSION -> SessionKind.HARD;
            case LOCKED_SESSION -> SessionKind.LOCKED;
            default -> null;
        };
    }

    /** Whether {@code session} sets this parameter. */
    boolean setIn(SessionParams session) {
        return switch (this) {
            case SESSION, HARD_SESSION, LOCKED_SESSION -> session.kind() == kind();
            case LIFETIME -> session.lifetime() != null;
            case COUNTRY -> session.country() != null;
            case STATE -> session.state() != null;
            case CITY -> session.city() != null;
            case ASN -> session.asn() != null;
        };
    }

    /** How a message names it: {@code session id}, {@code lifetime}, {@code country}. */
    String label() {
        return switch (this) {
            case SESSION -> "session id";
            case HARD_SESSION -> "hardsession id";
            case LOCKED_SESSION -> "lockedsession id";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
