package io.proxybench.analysis.asn;

import io.proxybench.analysis.read.FileReading;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The AS table or database that exit IPs are placed by, as a command names them ({@code analyze}, {@code compare},
 * {@code probe}). Its messages name the settings as the command line spells them ({@code --ip2asn},
 * {@code --asn-db}).
 *
 * @param ip2asn an ip2asn TSV table, plain or gzip; null for none
 * @param asnDb a MaxMind ASN database (.mmdb), instead of {@code ip2asn}; null for none
 */
public record AsnFiles(Path ip2asn, Path asnDb) {

    /**
     * {@code use} applied to the AS table or database named (null for neither), which is open only meanwhile; a file
     * that cannot be read is a bad-argument error naming it.
     *
     * @throws IllegalArgumentException when both are named, or for a file that cannot be read
     */
    public <T> T withAsns(Function<AsnLookup, T> use) {
        if (ip2asn != null && asnDb != null) {
            throw new IllegalArgumentException("--ip2asn and --asn-db exclude each other");
        }
        Ip2Asn table = ip2asn == null ? null : FileReading.read(ip2asn, () -> Ip2Asn.load(ip2asn));
        try (MaxMindAsn db = asnDb == null ? null : FileReading.read(asnDb, () -> MaxMindAsn.open(asnDb))) {
            return use.apply(db == null ? table : db);
        }
    }
}
