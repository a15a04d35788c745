package io.proxybench.cli;

import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.analysis.Expect;
import io.proxybench.analysis.asn.Ip2Asn;
import io.proxybench.analysis.asn.MaxMindAsn;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * How {@code analyze} and {@code compare} read records: the AS table their exit IPs are placed by, and what a body
 * must hold to count as data.
 */
final class RecordReading {

    @Option(names = "--ip2asn", paramLabel = "FILE",
            description = "ip2asn TSV table (plain or gzip) for the AS spread of the exit IPs.")
    Path ip2asn;

    @Option(names = "--asn-db", paramLabel = "FILE",
            description = "MaxMind ASN database (.mmdb), e.g. GeoLite2-ASN.mmdb, instead of --ip2asn.")
    Path asnDb;

    @Option(names = "--expect", paramLabel = "REGEX",
            description = "Body regex that marks data, checked on records written by run --keep-body.")
    String expect;

    @Option(names = "--expect-json", paramLabel = "KEY",
            description = "JSON key (or /pointer) that marks data, checked as --expect is.")
    String expectJson;

    /** What a 2xx body must hold to be data; null for none. */
    Expect expectation() {
        return Expect.of(expect, expectJson);
    }

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
