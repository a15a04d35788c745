package io.proxybench.analysis.asn;

/**
 * One AS and how many distinct exit IPs of a run it holds.
 *
 * @param asn autonomous system number
 * @param description the AS's name from the ip2asn table
 * @param exitIps distinct exit IPs of the run inside this AS
 */
public record AsnCount(long asn, String description, long exitIps) {
}
