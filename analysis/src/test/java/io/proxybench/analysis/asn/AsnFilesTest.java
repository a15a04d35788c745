package io.proxybench.analysis.asn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AsnFiles}: the AS table or database a command names, open while it is used. */
class AsnFilesTest {

    @TempDir
    Path home;

    @Test
    void neitherGivesNoTableAndAnIp2asnTablePlacesAnAddress() throws Exception {
        AsnLookup none = new AsnFiles(null, null).withAsns(asns -> asns);
        assertThat(none).isNull();
        Path table = Files.writeString(home.resolve("ip2asn.tsv"), "10.0.0.0\t10.0.255.255\t64500\tUS\tLAB-A\n");

        long asn = new AsnFiles(table, null).withAsns(asns -> asns.lookup("10.0.1.1").orElseThrow().asn());
        assertThat(asn).isEqualTo(64500L);
    }

    @Test
    void bothOrAFileThatCannotBeReadAreRefusedNamingTheOptionOrTheFile() {
        Path missing = home.resolve("missing.tsv");
        assertThatThrownBy(() -> new AsnFiles(missing, home.resolve("asn.mmdb")).withAsns(asns -> asns))
                .hasMessage("--ip2asn and --asn-db exclude each other");
        assertThatThrownBy(() -> new AsnFiles(missing, null).withAsns(asns -> asns))
                .hasMessageContaining(missing.toString());
    }
}
