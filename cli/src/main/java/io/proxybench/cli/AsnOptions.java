package io.proxybench.cli;

import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.asn.AsnLookup;
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

    /** The table or database the options name, as {@link AsnFiles}. */
    AsnFiles files() {
        return new AsnFiles(ip2asn, asnDb);
    }

    /** As {@link AsnFiles#withAsns}. */
    <T> T withAsns(Function<AsnLookup, T> use) {
        return files().withAsns(use);
    }
}
