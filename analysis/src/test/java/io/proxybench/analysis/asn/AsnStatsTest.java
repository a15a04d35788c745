package io.proxybench.analysis.asn;

import static io.proxybench.analysis.Records.ok;
import static io.proxybench.analysis.Records.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.analysis.Stats;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AsnStatsTest {
    @TempDir
    Path dir;

    @Test
    void countsDistinctExitIpsPerAsn() throws IOException {
        Ip2Asn table = Ip2Asn.load(Files.writeString(dir.resolve("ip2asn.tsv"), Ip2AsnTest.TSV));
        AsnStats stats = AsnStats.of(Stats.of(List.of(
                ok("10.0.0.1", "US"),
                ok("10.0.0.2", "US"),
                ok("10.0.0.2", "US"),
                ok("10.0.1.1", "DE"),
                ok("1.0.0.9", "US"),
                ok("1.0.1.1", "US"),
                ok("8.8.8.8", "US"),
                ok(null, "US"),
                record(1, 403, "10.0.1.50", "DE", null, null))).exits().ips(), table);
        // Distinct successful exits: 10.0.0.1, 10.0.0.2 (AS 64501); 10.0.1.1 (64500); 1.0.0.9 (13335);
        // 1.0.1.1 (AS 0) and 8.8.8.8 (no range) unknown: 6 IPs. The 403's IP does not count.
        assertThat(stats.ipsPerAsn()).containsExactly(
                new AsnCount(64501, "LAB: EXITS-B", 2),
                new AsnCount(13335, "CLOUDFLARENET", 1),
                new AsnCount(64500, "LAB-EXITS-A", 1));
        assertThat(stats.uniqueAsns()).isEqualTo(3);
        assertThat(stats.unknownIps()).isEqualTo(2);
        assertThat(stats.largestAsnShare()).isCloseTo(2.0 / 6, within(1e-12));
    }

    @Test
    void aMaxMindDatabaseGivesTheSameFiguresAsTheEquivalentTable() throws IOException {
        Ip2Asn table = Ip2Asn.load(Files.writeString(dir.resolve("ip2asn.tsv"), Ip2AsnTest.TSV));
        List<RequestRecord> records = List.of(ok("10.0.0.1", "US"), ok("10.0.0.2", "US"), ok("10.0.1.1", "DE"),
                ok("1.0.0.9", "US"), ok("1.0.1.1", "US"), ok("8.8.8.8", "US"), ok("2001:db8::1", "US"));
        try (MaxMindAsn db = MaxMindAsn.open(MaxMindAsnTest.equivalentOfTsv().write(dir.resolve("asn.mmdb")))) {
            AsnStats viaDatabase = AsnStats.of(Stats.of(records).exits().ips(), db);
            assertThat(viaDatabase).isEqualTo(AsnStats.of(Stats.of(records).exits().ips(), table));
            // 10.0.0.1, 10.0.0.2 in AS 64501; 10.0.1.1 in 64500; 1.0.0.9 in 13335; 1.0.1.1 (AS 0), 8.8.8.8
            // and the IPv6 exit unknown: 3 of 7 IPs.
            assertThat(viaDatabase.ipsPerAsn()).containsExactly(
                    new AsnCount(64501, "LAB: EXITS-B", 2),
                    new AsnCount(13335, "CLOUDFLARENET", 1),
                    new AsnCount(64500, "LAB-EXITS-A", 1));
            assertThat(viaDatabase.unknownIps()).isEqualTo(3);
            assertThat(viaDatabase.largestAsnShare()).isCloseTo(2.0 / 7, within(1e-12));
        }
    }

    @Test
    void noKnownExitsGiveZeros() throws IOException {
        Ip2Asn table = Ip2Asn.load(Files.writeString(dir.resolve("ip2asn.tsv"), Ip2AsnTest.TSV));
        assertThat(AsnStats.of(Stats.of(List.of(ok("8.8.8.8", "US"))).exits().ips(), table))
                .isEqualTo(new AsnStats(0, List.of(), 1, 0));
    }
}
