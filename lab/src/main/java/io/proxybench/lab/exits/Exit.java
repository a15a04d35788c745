package io.proxybench.lab.exits;

import java.net.Inet4Address;

/**
 * One exit of the lab's pool: a loopback source address that upstream sockets bind to, so the target sees it as
 * the client, with the network it pretends to belong to.
 *
 * @param asn a private-use AS number (64512 and up)
 * @param country an ISO 3166 two-letter code
 */
public record Exit(Inet4Address address, int asn, String asName, String country) {

    /** The dotted address, as a target reports it in {@code ip=}. */
    public String ip() {
        return address.getHostAddress();
    }
}
