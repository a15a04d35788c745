package io.proxybench.analysis.asn;

/**
 * The network an IPv4 address belongs to, from an ip2asn table or a MaxMind ASN database.
 *
 * @param asn autonomous system number, never 0 (AS 0 means "not routed" and is reported as unknown)
 * @param country ISO country code of the AS registration, as the table gives it; empty from a MaxMind
 *     database, which carries none
 * @param description the AS's name, e.g. {@code CLOUDFLARENET}; empty when a MaxMind record has none
 */
public record AsnInfo(long asn, String country, String description) {
}
