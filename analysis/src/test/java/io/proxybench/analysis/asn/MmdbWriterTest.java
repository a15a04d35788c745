package io.proxybench.analysis.asn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.maxmind.db.Metadata;
import com.maxmind.db.Reader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The test writer against MaxMind's own reader: what the other MaxMind tests rely on. */
class MmdbWriterTest {

    @Test
    void theReferenceReaderReadsMetadataAndRecords() throws IOException {
        String longName = "X".repeat(300); // a string size past the control byte's 5 bits and one extra byte
        MmdbWriter writer = new MmdbWriter("GeoLite2-ASN")
                .asn("10.0.0.0/24", 64500, "LAB-EXITS-A")
                .asn("10.0.1.0/24", 4_200_000_000L, longName);
        try (Reader reader = new Reader(new ByteArrayInputStream(writer.bytes()))) {
            Metadata metadata = reader.getMetadata();
            assertThat(metadata.databaseType()).isEqualTo("GeoLite2-ASN");
            assertThat(metadata.ipVersion()).isEqualTo(4);
            assertThat(metadata.recordSize()).isEqualTo(24);
            assertThat(metadata.nodeCount()).as("the root and one node per bit down to the shared /23").isEqualTo(24);
            assertThat(metadata.binaryFormatMajorVersion()).isEqualTo(2);
            assertThat(metadata.languages()).isEqualTo(List.of("en"));
            assertThat(metadata.buildTime()).isEqualTo(Instant.parse("2023-11-14T22:13:20Z"));
            assertThat(reader.get(InetAddress.getByName("10.0.1.9"), Map.class)).isEqualTo(Map.of(
                    "autonomous_system_number", 4_200_000_000L, "autonomous_system_organization", longName));
            assertThat(reader.get(InetAddress.getByName("10.0.2.0"), Map.class)).isNull();
        }
    }

    @Test
    void overlappingNetworksAreRefused() {
        MmdbWriter writer = new MmdbWriter("GeoLite2-ASN").asn("10.0.0.0/24", 64500, "A");
        assertThatThrownBy(() -> writer.asn("10.0.0.128/25", 64501, "B")).hasMessageContaining("inside");
        assertThatThrownBy(() -> writer.asn("10.0.0.0/16", 64501, "B")).hasMessageContaining("overlaps");
        assertThatThrownBy(() -> writer.asn("10.0.0.1/24", 64501, "B")).hasMessageContaining("host bits");
    }
}
