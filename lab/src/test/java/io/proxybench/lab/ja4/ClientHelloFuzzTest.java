package io.proxybench.lab.ja4;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;

/**
 * A stranger's ClientHello body: it parses, and then has a well-formed JA4, or it is refused as cut short; nothing
 * else escapes, whatever the bytes.
 */
class ClientHelloFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void aHelloParsesToAFingerprintOrIsRefusedAsCutShort(byte[] body) {
        ClientHello hello;
        try {
            hello = ClientHello.parse(Unpooled.wrappedBuffer(body));
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).startsWith("ClientHello cut short");
            return;
        }
        assertThat(hello.ciphers()).allMatch(c -> c >= 0 && c <= 0xffff);
        assertThat(Ja4.of(hello)).matches("t(1[0-3]|s[23]|00)[di]\\d{4}[0-9A-Za-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}");
    }
}
