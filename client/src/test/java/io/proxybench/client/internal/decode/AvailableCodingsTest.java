package io.proxybench.client.internal.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The client offers the codings it can decode: all four where the build ships native libraries (Linux on x86_64 and
 * aarch64), gzip and deflate anywhere.
 */
class AvailableCodingsTest {

    @Test
    void acceptEncodingListsTheAvailableCodingsInOrder() {
        String expected = Arrays.stream(ContentCoding.values()).filter(AvailableCodings::has)
                .map(ContentCoding::token).collect(Collectors.joining(", "));
        assertThat(AvailableCodings.acceptEncoding()).isEqualTo(expected).startsWith("gzip, deflate");
        assertThat(AvailableCodings.whyNot(ContentCoding.GZIP)).isNull();
    }

    @Test
    void brAndZstdLoadWhereTheBuildShipsTheirNativeLibraries() {
        String arch = System.getProperty("os.arch");
        boolean shipped = System.getProperty("os.name").equals("Linux")
                && (arch.equals("amd64") || arch.equals("aarch64"));
        if (shipped) {
            assertThat(AvailableCodings.whyNot(ContentCoding.BR)).isNull();
            assertThat(AvailableCodings.whyNot(ContentCoding.ZSTD)).isNull();
            assertThat(AvailableCodings.acceptEncoding()).isEqualTo("gzip, deflate, br, zstd");
        } else if (!AvailableCodings.has(ContentCoding.BR)) {
            assertThat(AvailableCodings.whyNot(ContentCoding.BR)).startsWith("br needs Brotli4j's native brotli library")
                    .contains(arch);
        }
    }
}
