package io.proxybench.lab.ja4;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a TLS ClientHello that JA4 reads (RFC 8446 §4.1.2), in wire order, GREASE values included (JA4 drops
 * them). Parsed from the handshake message's body: from {@code legacy_version} on, without the 4-byte handshake
 * header.
 *
 * @param legacyVersion {@code legacy_version}, e.g. {@code 0x0303}
 * @param ciphers cipher suites
 * @param extensions extension types
 * @param serverName whether a {@code server_name} extension (0x0000) is present
 * @param alpn the protocol names of the {@code application_layer_protocol_negotiation} extension (0x0010)
 * @param signatureAlgorithms the {@code signature_algorithms} extension's (0x000d) schemes
 * @param supportedVersions the {@code supported_versions} extension's (0x002b) versions
 */
public record ClientHello(int legacyVersion, List<Integer> ciphers, List<Integer> extensions, boolean serverName,
        List<String> alpn, List<Integer> signatureAlgorithms, List<Integer> supportedVersions) {

    static final int SERVER_NAME = 0x0000;
    static final int SIGNATURE_ALGORITHMS = 0x000d;
    static final int ALPN = 0x0010;
    static final int SUPPORTED_VERSIONS = 0x002b;

    /**
     * Parses {@code body} between its reader and writer index, without moving them.
     *
     * @throws IllegalArgumentException when a length runs past the message
     */
    public static ClientHello parse(ByteBuf body) {
        Reader in = new Reader(body.duplicate());
        int version = in.u16();
        in.skip(32); // random
        in.skip(in.u8()); // legacy_session_id
        List<Integer> ciphers = in.u16List(in.u16());
        in.skip(in.u8()); // legacy_compression_methods
        List<Integer> extensions = new ArrayList<>();
        boolean serverName = false;
        List<String> alpn = List.of();
        List<Integer> signatures = List.of();
        List<Integer> versions = List.of();
        if (in.remaining() > 0) {
            Reader all = in.sub(in.u16());
            while (all.remaining() > 0) {
                int type = all.u16();
                Reader data = all.sub(all.u16());
                extensions.add(type);
                switch (type) {
                    case SERVER_NAME -> serverName = true;
                    case ALPN -> alpn = data.sub(data.u16()).strings();
                    case SIGNATURE_ALGORITHMS -> signatures = data.u16List(data.u16());
                    case SUPPORTED_VERSIONS -> versions = data.u16List(data.u8());
                    default -> { }
                }
            }
        }
        return new ClientHello(version, List.copyOf(ciphers), List.copyOf(extensions), serverName, alpn, signatures,
                versions);
    }

    /** Bounds-checked big-endian reads over one vector of the message. */
    private record Reader(ByteBuf buf) {
        int remaining() {
            return buf.readableBytes();
        }

        private void need(int bytes) {
            if (bytes < 0 || bytes > buf.readableBytes()) {
                throw new IllegalArgumentException("ClientHello cut short: " + bytes + " bytes wanted, "
                        + buf.readableBytes() + " left");
            }
        }

        int u8() {
            need(1);
            return buf.readUnsignedByte();
        }

        int u16() {
            need(2);
            return buf.readUnsignedShort();
        }

        void skip(int bytes) {
            need(bytes);
            buf.skipBytes(bytes);
        }

        Reader sub(int bytes) {
            need(bytes);
            return new Reader(buf.readSlice(bytes));
        }

        /** {@code bytes} bytes of 16-bit values. */
        List<Integer> u16List(int bytes) {
            if (bytes % 2 != 0) {
                throw new IllegalArgumentException("ClientHello cut short: a list of 16-bit values " + bytes
                        + " bytes long");
            }
            Reader list = sub(bytes);
            List<Integer> values = new ArrayList<>();
            while (list.remaining() > 1) {
                values.add(list.u16());
            }
            return List.copyOf(values);
        }

        /** The rest as 8-bit-length-prefixed strings (ALPN's {@code ProtocolName}s). */
        List<String> strings() {
            List<String> values = new ArrayList<>();
            while (remaining() > 0) {
                Reader s = sub(u8());
                byte[] bytes = new byte[s.remaining()];
                s.buf().readBytes(bytes);
                values.add(new String(bytes, StandardCharsets.ISO_8859_1));
            }
            return List.copyOf(values);
        }
    }
}
