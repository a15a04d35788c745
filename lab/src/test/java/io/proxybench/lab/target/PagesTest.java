package io.proxybench.lab.target;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PagesTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 10, 200, 30_000, Pages.MAX_PAGE})
    void aPageIsExactlyNBytesAndItsGzipFormDecodesToIt(int size) throws IOException {
        Pages.Page page = Pages.page(size);

        assertThat(page.identity()).hasSize(size);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()))) {
            assertThat(in.readAllBytes()).isEqualTo(page.identity());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {30_000, 300_000})
    void aPageIsHtmlThatCompressesLikeARealOne(int size) {
        Pages.Page page = Pages.page(size);
        String text = new String(page.identity(), StandardCharsets.US_ASCII);

        assertThat(text).startsWith("<!DOCTYPE html>").endsWith("</html>\n").contains("<a href=\"/page/");
        assertThat((double) size / page.gzip().length).as("compression ratio").isBetween(3.0, 8.0);
    }

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {
        "gzip, true",
        "'gzip, deflate, br, zstd', true",
        "'br;q=1.0, GZIP;q=0.5', true",
        "*, true",
        "gzip;q=0, false",
        "'deflate, br', false",
        "identity, false",
        "gzip;q=x, false",
        "'', false",
        "null, false"})
    void acceptsGzipReadsTheCodingsAndTheirQuality(String acceptEncoding, boolean accepted) {
        assertThat(Pages.acceptsGzip(acceptEncoding)).isEqualTo(accepted);
    }
}
