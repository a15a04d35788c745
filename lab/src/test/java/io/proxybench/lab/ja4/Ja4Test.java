package io.proxybench.lab.ja4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class Ja4Test {

    /** Writes a ClientHello body: legacy_version on, as a browser's, with the given parts. */
    static ByteBuf hello(int[] ciphers, int[][] extensions, byte[][] extensionData) {
        ByteBuf b = Unpooled.buffer();
        b.writeShort(0x0303);
        b.writeZero(32); // random
        b.writeByte(32).writeZero(32); // session id
        b.writeShort(ciphers.length * 2);
        for (int c : ciphers) {
            b.writeShort(c);
        }
        b.writeByte(1).writeByte(0); // compression: null
        ByteBuf ext = Unpooled.buffer();
        for (int i = 0; i < extensions.length; i++) {
            ext.writeShort(extensions[i][0]);
            ext.writeShort(extensionData[i].length);
            ext.writeBytes(extensionData[i]);
        }
        b.writeShort(ext.readableBytes());
        b.writeBytes(ext);
        return b;
    }

    private static byte[] u16s(int lengthBytes, int... values) {
        ByteBuf b = Unpooled.buffer();
        if (lengthBytes == 1) {
            b.writeByte(values.length * 2);
        } else {
            b.writeShort(values.length * 2);
        }
        for (int v : values) {
            b.writeShort(v);
        }
        return bytes(b);
    }

    private static byte[] alpn(String... names) {
        ByteBuf list = Unpooled.buffer();
        for (String n : names) {
            list.writeByte(n.length()).writeBytes(n.getBytes(StandardCharsets.US_ASCII));
        }
        ByteBuf b = Unpooled.buffer().writeShort(list.readableBytes()).writeBytes(list);
        return bytes(b);
    }

    private static byte[] serverName(String host) {
        byte[] name = host.getBytes(StandardCharsets.US_ASCII);
        ByteBuf b = Unpooled.buffer().writeShort(name.length + 3).writeByte(0).writeShort(name.length).writeBytes(name);
        return bytes(b);
    }

    private static byte[] bytes(ByteBuf b) {
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }

    /**
     * A Chrome ClientHello as a public fingerprinting service reported it (its cipher and extension order, with
     * GREASE added as Chrome sends it), whose JA4 it gave as {@code t13d1516h2_8daaf6152771_d8a2da3f94cd}.
     */
    static ByteBuf chrome() {
        int[] ciphers = {0x2a2a, 0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc013,
            0xc014, 0x009c, 0x009d, 0x002f, 0x0035};
        int[] types = {0x9a9a, 0x002d, 0x0033, 0x0010, 0xfe0d, 0x0017, 0x44cd, 0x0000, 0x000b, 0x000a, 0x002b, 0xff01,
            0x0023, 0x0012, 0x0005, 0x000d, 0x001b, 0xbaba};
        int[][] extensions = new int[types.length][];
        byte[][] data = new byte[types.length][];
        for (int i = 0; i < types.length; i++) {
            extensions[i] = new int[] {types[i]};
            data[i] = switch (types[i]) {
                case 0x0000 -> serverName("tls.example");
                case 0x0010 -> alpn("h2", "http/1.1");
                case 0x000d -> u16s(2, 0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601);
                case 0x002b -> u16s(1, 0x3a3a, 0x0304, 0x0303);
                case 0x000a -> u16s(2, 0x4a4a, 0x11ec, 0x001d, 0x0017, 0x0018);
                default -> new byte[] {0};
            };
        }
        return hello(ciphers, extensions, data);
    }

    @Test
    void aKnownChromeHelloHasItsPublishedFingerprint() {
        assertThat(Ja4.of(ClientHello.parse(chrome()))).isEqualTo("t13d1516h2_8daaf6152771_d8a2da3f94cd");
    }

    @Test
    void theHelloIsReadInWireOrderWithGrease() {
        ClientHello hello = ClientHello.parse(chrome());
        assertThat(hello.ciphers()).hasSize(16).startsWith(0x2a2a, 0x1301);
        assertThat(hello.extensions()).hasSize(18).startsWith(0x9a9a, 0x002d);
        assertThat(hello.alpn()).containsExactly("h2", "http/1.1");
        assertThat(hello.supportedVersions()).containsExactly(0x3a3a, 0x0304, 0x0303);
        assertThat(hello.serverName()).isTrue();
    }

    @Test
    void withoutNameAlpnOrSignaturesTheFingerprintSaysSo() {
        ByteBuf bare = hello(new int[] {0x1301, 0x009c}, new int[][] {{0x000a}}, new byte[][] {u16s(2, 0x001d)});
        assertThat(Ja4.of(ClientHello.parse(bare))).startsWith("t12i020100_");
        ByteBuf none = hello(new int[] {0x1301}, new int[0][], new byte[0][]);
        assertThat(Ja4.of(ClientHello.parse(none))).endsWith("_000000000000").startsWith("t12i0100");
    }

    @Test
    void aNonAlphanumericAlpnGivesItsHexDigits() {
        ByteBuf odd = hello(new int[] {0x1301}, new int[][] {{0x0010}}, new byte[][] {alpn("-x*")});
        assertThat(Ja4.of(ClientHello.parse(odd))).startsWith("t12i01012a_"); // "-x*" is 2d782a: 2 and a
    }

    @Test
    void greaseIsEveryValueOfThatForm() {
        assertThat(List.of(0x0a0a, 0x1a1a, 0xaaaa, 0xfafa)).allMatch(Ja4::grease);
        assertThat(List.of(0x0a1a, 0x1301, 0x0000, 0x0a0b)).noneMatch(Ja4::grease);
    }

    @Test
    void versionsAreTheHighestOfferedOrTheLegacyOne() {
        ByteBuf ssl3 = hello(new int[] {0x1301}, new int[0][], new byte[0][]);
        ssl3.setShort(0, 0x0300);
        assertThat(Ja4.of(ClientHello.parse(ssl3))).startsWith("ts3i");
        ByteBuf onlyGrease = hello(new int[] {0x1301}, new int[][] {{0x002b}}, new byte[][] {u16s(1, 0x1a1a)});
        assertThat(Ja4.of(ClientHello.parse(onlyGrease))).as("GREASE alone: the legacy version").startsWith("t12i");
        ByteBuf unknown = hello(new int[] {0x1301}, new int[][] {{0x002b}}, new byte[][] {u16s(1, 0x7f1c)});
        assertThat(Ja4.of(ClientHello.parse(unknown))).startsWith("t00i");
    }

    @Test
    void countsStopAt99() {
        int[] many = new int[150];
        for (int i = 0; i < many.length; i++) {
            many[i] = 0x0100 + i;
        }
        assertThat(Ja4.of(ClientHello.parse(hello(many, new int[0][], new byte[0][])))).startsWith("t12i9900");
    }

    /** Without signature algorithms, c hashes the sorted extensions alone, with no trailing underscore. */
    @Test
    void withoutSignatureAlgorithmsNoUnderscoreIsHashed() throws Exception {
        ByteBuf hello = hello(new int[] {0x1301}, new int[][] {{0x000b}, {0x000a}},
                new byte[][] {new byte[] {0}, u16s(2, 0x001d)});
        String c = Ja4.of(ClientHello.parse(hello)).substring(24);
        byte[] sha = java.security.MessageDigest.getInstance("SHA-256")
                .digest("000a,000b".getBytes(StandardCharsets.US_ASCII));
        assertThat(c).isEqualTo(java.util.HexFormat.of().formatHex(sha).substring(0, 12));
    }

    @Test
    void anOddLengthListIsRefused() {
        ByteBuf odd = hello(new int[] {0x1301}, new int[][] {{0x000d}}, new byte[][] {new byte[] {0, 3, 4, 3, 1}});
        assertThatThrownBy(() -> ClientHello.parse(odd)).hasMessageContaining("16-bit values 3 bytes long");
    }

    @Test
    void aCutHelloIsRefused() {
        ByteBuf cut = chrome();
        cut.writerIndex(cut.writerIndex() - 10);
        assertThatThrownBy(() -> ClientHello.parse(cut)).hasMessageContaining("ClientHello cut short");
    }
}
