package io.proxybench.watch;

import java.util.Locale;

/** The two kinds of check watch sends through a provider. */
public enum CheckMode {
    /** Each on a new tunnel, with no session: a rotating provider gives each a new exit; each pays the handshake. */
    ROTATING,
    /** All in one sticky session, on a kept-alive tunnel: how long the session keeps its exit. */
    STICKY;

    /** Its name in labels and files: {@code rotating}, {@code sticky}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
