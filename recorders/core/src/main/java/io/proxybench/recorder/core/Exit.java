package io.proxybench.recorder.core;

/**
 * The exit a target reported for a request: the address it saw the request come from and that address's country.
 *
 * @param ip the exit's IP address as the target wrote it; null when the body named none
 * @param loc the exit's country code as the target wrote it (e.g. {@code DE}); null when the body named none
 */
public record Exit(String ip, String loc) {

    /** An exit with neither field: what a body that is no trace and no exit JSON says. */
    public static final Exit NONE = new Exit(null, null);
}
