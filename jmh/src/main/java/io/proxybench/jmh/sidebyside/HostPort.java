package io.proxybench.jmh.sidebyside;

/** A proxy's address as the side-by-side clients take it: {@code HOST:PORT}. */
record HostPort(String host, int port) {

    static HostPort parse(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon < 1) {
            throw new IllegalArgumentException("expected HOST:PORT, got " + hostPort);
        }
        return new HostPort(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
