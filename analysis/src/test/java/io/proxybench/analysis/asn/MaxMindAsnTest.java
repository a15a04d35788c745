package io.proxybench.analysis.asn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MaxMindAsnTest {
    private static final String FIX = "give a MaxMind ASN database such as GeoLite2-ASN.mmdb (or GeoIP2-ISP.mmdb)";

    @TempDir
    Path dir;

    /**
     * The networks of {@link Ip2AsnTest#TSV} as a GeoLite2-ASN database (its not-routed 1.0.1.0-1.0.3.255
     * range as two CIDRs in AS 0; no IPv6), plus a /32 and a /8 for the tree's depths.
     */
    static MmdbWriter equivalentOfTsv() {
        return new MmdbWriter("GeoLite2-ASN")
                .asn("10.0.1.0/24", 64500, "LAB-EXITS-A")
                .asn("1.0.0.0/24", 13335, "CLOUDFLARENET")
                .asn("1.0.1.0/24", 0, "Not routed")
                .asn("1.0.2.0/23", 0, "Not routed")
                .asn("10.0.0.0/24", 64501, "LAB: EXITS-B");
    }

    @Test
    void looksUpIpsInsideTheNetworksWithTheirBounds() throws IOException {
        Path file = equivalentOfTsv()
                .asn("192.0.2.7/32", 64496, "SINGLE-HOST")
                .asn("100.0.0.0/8", 7018, "ATT-INTERNET4")
                .write(dir.resolve("GeoLite2-ASN.mmdb"));
        try (MaxMindAsn db = MaxMindAsn.open(file)) {
            AsnInfo cloudflare = new AsnInfo(13335, "", "CLOUDFLARENET");
            assertThat(db.lookup("1.0.0.0")).contains(cloudflare);
            assertThat(db.lookup("1.0.0.255")).contains(cloudflare);
            assertThat(db.lookup("10.0.0.7")).contains(new AsnInfo(64501, "", "LAB: EXITS-B"));
            assertThat(db.lookup("10.0.1.200")).contains(new AsnInfo(64500, "", "LAB-EXITS-A"));
            assertThat(db.lookup("192.0.2.7")).contains(new AsnInfo(64496, "", "SINGLE-HOST"));
            assertThat(db.lookup("100.255.255.255")).contains(new AsnInfo(7018, "", "ATT-INTERNET4"));
        }
    }

    @Test
    void unknownOutsideTheNetworksForAs0RecordsWithoutANumberAndNonIpv4() throws IOException {
        Path file = equivalentOfTsv()
                .add("10.0.2.0/24", Map.of("isp", "An ISP network without an AS, as in GeoIP2-ISP"))
                .write(dir.resolve("GeoLite2-ASN.mmdb"));
        try (MaxMindAsn db = MaxMindAsn.open(file)) {
            assertThat(db.lookup("1.0.2.9")).as("AS 0, Not routed").isEmpty();
            assertThat(db.lookup("1.0.4.0")).as("gap between networks").isEmpty();
            assertThat(db.lookup("0.255.255.255")).as("before the first network").isEmpty();
            assertThat(db.lookup("192.0.2.6")).as("next to nothing").isEmpty();
            assertThat(db.lookup("10.0.2.1")).as("record without autonomous_system_number").isEmpty();
            assertThat(db.lookup("2001:db8::1")).as("IPv6").isEmpty();
            assertThat(db.lookup("10.0.0.256")).isEmpty();
            assertThat(db.lookup("exit.example")).isEmpty();
            assertThat(db.lookup(null)).isEmpty();
        }
    }

    @Test
    void acceptsIspDatabases() throws IOException {
        Path file = new MmdbWriter("GeoIP2-ISP").asn("10.0.0.0/16", 64500, "LAB-EXITS-A")
                .write(dir.resolve("GeoIP2-ISP.mmdb"));
        try (MaxMindAsn db = MaxMindAsn.open(file)) {
            assertThat(db.lookup("10.0.200.1")).contains(new AsnInfo(64500, "", "LAB-EXITS-A"));
        }
    }

    @Test
    void aDatabaseOfAnotherTypeIsNotAnAsnDatabase() throws IOException {
        Path file = new MmdbWriter("GeoLite2-City").add("10.0.0.0/24", Map.of("city", "Berlin"))
                .write(dir.resolve("GeoLite2-City.mmdb"));
        assertThatThrownBy(() -> MaxMindAsn.open(file))
                .isInstanceOf(AsnDatabaseException.class)
                .hasMessage(file + ": database type 'GeoLite2-City' is not an ASN database; " + FIX);
    }

    @Test
    void garbageOrATruncatedDatabaseIsOneLineNamingTheFile() throws IOException {
        String message = ": not a MaxMind DB (.mmdb) file, or a damaged one; " + FIX;
        Path tsv = Files.writeString(dir.resolve("ip2asn-v4.tsv"), Ip2AsnTest.TSV);
        assertThatThrownBy(() -> MaxMindAsn.open(tsv))
                .isInstanceOf(AsnDatabaseException.class)
                .hasMessage(tsv + message);
        // A database cut anywhere lacks some of its metadata, which sits at the end after the marker: cut it
        // before the marker, and at every byte from there on.
        byte[] whole = equivalentOfTsv().bytes();
        int marker = new String(whole, StandardCharsets.ISO_8859_1).lastIndexOf("MaxMind.com") - 3;
        Path truncated = dir.resolve("truncated.mmdb");
        int[] cuts = IntStream.concat(IntStream.of(0, marker / 2), IntStream.range(marker, whole.length)).toArray();
        for (int length : cuts) {
            Files.write(truncated, Arrays.copyOf(whole, length));
            assertThatThrownBy(() -> MaxMindAsn.open(truncated)).as("first %d bytes", length)
                    .isInstanceOf(AsnDatabaseException.class).hasMessage(truncated + message);
        }
    }

    @Test
    void lookupsFailOnceClosed() throws IOException {
        Path file = equivalentOfTsv().write(dir.resolve("GeoLite2-ASN.mmdb"));
        MaxMindAsn db = MaxMindAsn.open(file);
        db.close();
        assertThatThrownBy(() -> db.lookup("10.0.0.1"))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith(file + ": cannot look up 10.0.0.1: ");
    }
}
