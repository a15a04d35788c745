package io.proxybench.analysis.asn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Ip2AsnTest {
    /** Unsorted on purpose, with a not-routed range, an IPv6 range, a colon in a description and a blank line. */
    static final String TSV = """
            10.0.1.0\t10.0.1.255\t64500\tDE\tLAB-EXITS-A
            1.0.0.0\t1.0.0.255\t13335\tUS\tCLOUDFLARENET
            1.0.1.0\t1.0.3.255\t0\tNone\tNot routed
            2001:db8::\t2001:db8::ffff\t64501\tUS\tV6-ONLY

            10.0.0.0\t10.0.0.255\t64501\tUS\tLAB: EXITS-B
            """;

    @TempDir
    Path dir;

    @Test
    void looksUpByRangeWithInclusiveBounds() throws IOException {
        Ip2Asn table = Ip2Asn.load(write("ip2asn.tsv", TSV));
        AsnInfo cloudflare = new AsnInfo(13335, "US", "CLOUDFLARENET");
        assertThat(table.lookup("1.0.0.0")).contains(cloudflare);
        assertThat(table.lookup("1.0.0.255")).contains(cloudflare);
        assertThat(table.lookup("10.0.0.7")).contains(new AsnInfo(64501, "US", "LAB: EXITS-B"));
        assertThat(table.lookup("10.0.1.200")).contains(new AsnInfo(64500, "DE", "LAB-EXITS-A"));
    }

    @Test
    void unknownForNotRoutedGapsOutsideAndNonIpv4() throws IOException {
        Ip2Asn table = Ip2Asn.load(write("ip2asn.tsv", TSV));
        assertThat(table.lookup("1.0.2.9")).as("AS 0, Not routed").isEmpty();
        assertThat(table.lookup("1.0.4.0")).as("gap between ranges").isEmpty();
        assertThat(table.lookup("0.255.255.255")).as("before the first range").isEmpty();
        assertThat(table.lookup("10.0.2.0")).as("after the last range").isEmpty();
        assertThat(table.lookup("2001:db8::1")).as("IPv6").isEmpty();
        assertThat(table.lookup("10.0.0.256")).isEmpty();
        assertThat(table.lookup("exit.example")).isEmpty();
        assertThat(table.lookup(null)).isEmpty();
    }

    @Test
    void readsGzipCompressedTables() throws IOException {
        Path file = dir.resolve("ip2asn-v4.tsv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(TSV.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Ip2Asn.load(file).lookup("10.0.1.1")).contains(new AsnInfo(64500, "DE", "LAB-EXITS-A"));
    }

    @Test
    void lineWithTooFewFieldsNamesFileAndLine() throws IOException {
        Path file = write("bad.tsv", "1.0.0.0\t1.0.0.255\t13335\tUS\tCLOUDFLARENET\n\n1.0.4.0\t1.0.4.255\t38803\tAU\n");
        assertThatThrownBy(() -> Ip2Asn.load(file))
                .isInstanceOf(Ip2AsnFormatException.class)
                .hasMessageStartingWith(file + ":3: expected 5 tab-separated fields")
                .hasMessageContaining("found 4")
                .satisfies(e -> assertThat(((Ip2AsnFormatException) e).line()).isEqualTo(3));
    }

    @Test
    void nonNumericAsIsRejectedWithTheFix() throws IOException {
        Path file = write("bad.tsv", "1.0.0.0\t1.0.0.255\tAS13335\tUS\tCLOUDFLARENET\n");
        assertThatThrownBy(() -> Ip2Asn.load(file))
                .hasMessage(file + ":1: AS_number 'AS13335' is not a number (write 13335, not AS13335)");
    }

    @Test
    void reversedOrNonIpv4RangeIsRejected() throws IOException {
        Path reversed = write("reversed.tsv", "1.0.0.255\t1.0.0.0\t13335\tUS\tCLOUDFLARENET\n");
        assertThatThrownBy(() -> Ip2Asn.load(reversed)).hasMessageStartingWith(reversed + ":1: range '1.0.0.255'");
        Path junk = write("junk.tsv", "start\t1.0.0.0\t13335\tUS\tCLOUDFLARENET\n");
        assertThatThrownBy(() -> Ip2Asn.load(junk)).hasMessageStartingWith(junk + ":1: range 'start'");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
