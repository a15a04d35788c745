package io.proxybench.lab.faults;

/** The fault injected into one tunnel. */
public enum Fault {
    NONE,
    REFUSE,
    RESET_TLS,
    STALL;

    /** The name used in counters. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
