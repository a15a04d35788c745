package io.proxybench.analysis.asn;

import java.util.Optional;

/**
 * Places IPv4 addresses in autonomous systems: an ip2asn table ({@link Ip2Asn}) or a MaxMind ASN database
 * ({@link MaxMindAsn}).
 */
public interface AsnLookup {

    /**
     * The AS of {@code ip}; empty when {@code ip} is not a dotted-quad IPv4 address, the source does not
     * place it, or places it in AS 0 ("Not routed").
     */
    Optional<AsnInfo> lookup(String ip);
}
