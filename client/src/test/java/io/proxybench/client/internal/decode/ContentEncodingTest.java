package io.proxybench.client.internal.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A Content-Encoding value read: the codings in the order applied, identity, or why the body stays as received. */
class ContentEncodingTest {

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", " ", "identity", "IDENTITY", "identity, identity", ","})
    void noHeaderOrIdentityIsNoCoding(String header) {
        ContentEncoding encoding = ContentEncoding.parse(header);
        assertThat(encoding.isIdentity()).isTrue();
        assertThat(encoding.isDecodable()).isFalse();
        assertThat(encoding.whyNotDecodable()).isNull();
        assertThat(encoding.codings()).isEmpty();
    }

    @Test
    void codingsAreReadInTheOrderApplied() {
        ContentEncoding encoding = ContentEncoding.parse("gzip, BR,identity");
        assertThat(encoding.isDecodable()).isTrue();
        assertThat(encoding.isIdentity()).isFalse();
        assertThat(encoding.codings()).containsExactly(ContentCoding.GZIP, ContentCoding.BR);
        assertThat(encoding.header()).isEqualTo("gzip, BR,identity");
    }

    @Test
    void oldNamesAreTheSameCodings() {
        assertThat(ContentEncoding.parse("x-gzip, X-Deflate").codings())
                .containsExactly(ContentCoding.GZIP, ContentCoding.DEFLATE);
    }

    @Test
    void anUnknownCodingKeepsTheBodyAsReceivedAndSaysWhy() {
        ContentEncoding encoding = ContentEncoding.parse("gzip, x-foo");
        assertThat(encoding.isDecodable()).isFalse();
        assertThat(encoding.isIdentity()).isFalse();
        assertThat(encoding.codings()).isEmpty();
        assertThat(encoding.whyNotDecodable()).isEqualTo("the body's content coding \"x-foo\" (Content-Encoding: gzip, "
                + "x-foo) is not one this client decodes (gzip, deflate, br, zstd), so the body is kept as received");
        assertThat(ContentEncoding.parse("compress").whyNotDecodable()).contains("\"compress\"");
    }

    @Test
    void moreStackedCodingsThanTheCapKeepTheBodyAsReceived() {
        String header = String.join(", ", List.of("gzip", "gzip", "gzip", "gzip"));
        ContentEncoding encoding = ContentEncoding.parse(header);
        assertThat(encoding.isDecodable()).isFalse();
        assertThat(encoding.whyNotDecodable()).isEqualTo("the body stacks 4 content codings (Content-Encoding: "
                + header + "); this client decodes at most 3, so the body is kept as received");
        assertThat(ContentEncoding.parse("gzip, gzip, gzip").isDecodable()).isTrue();
    }
}
