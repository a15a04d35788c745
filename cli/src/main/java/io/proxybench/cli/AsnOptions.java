package io.proxybench.cli;

import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.analysis.asn.Ip2Asn;
import io.proxybench.analysis.asn.MaxMindAsn;
import io.proxybench.analysis.read.FileReading;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** The AS table or database exit IPs are placed by ({@code analyze}, {@code compare}, {@code probe}). */
final class AsnOptions {

    @Option(names = "--ip2asn", paramLabel = "FILE",
            description = "ip2asn TSV table (plain or gzip) for the AS spread of the exit IPs.")
    Path ip2asn;

    @Option(names = "--asn-db", paramLabel = "FILE",
            description = "MaxMind ASN database (.mmdb), e.g. GeoLite2-ASN.mmdb, instead of --ip2asn.")
    Path asnDb;

    /**
     * {@code use} applied to the AS table or database the options name (null for neither), which is open only
     * meanwhile; a file that cannot be read is a bad-argument error naming it.
     */
    <T> T withAsns(Function<AsnLookup, T> use) {
        if (ip2asn != null && asnDb != null) {
            throw new IllegalArgumentException("--ip2asn and --asn-db exclude each other");
        }
        Ip2Asn table = ip2asn == null ? null : FileReading.read(ip2asn, () -> Ip2Asn.load(ip2asn));
        try (MaxMindAsn db = asnDb == null ? null : FileReading.read(asnDb, () -> MaxMindAsn.open(asnDb))) {
            return use.apply(db == null ? table : db);
        }
    }
}
