package io.proxybench.lab.ja4;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The JA4 fingerprint of a TLS ClientHello (FoxIO's JA4, TCP only): {@code a_b_c} where
 * <ul>
 *   <li>a: {@code t}, the highest TLS version offered ({@code 13}, {@code 12}, ...), {@code d} with a server name or
 *       {@code i} without, the counts of cipher suites and extensions (two digits, at most 99), and the first and
 *       last characters of the first ALPN value ({@code 00} without one);
 *   <li>b: the first 12 hex digits of the SHA-256 of the cipher suites, sorted, as 4-digit hex joined by commas;
 *   <li>c: the same of the extensions, sorted, without server name and ALPN, then {@code _} and the signature
 *       algorithms in the order sent.
 * </ul>
 * GREASE values (RFC 8701) are left out everywhere. TCP only: QUIC's {@code q} and DTLS's {@code d} and versions are
 * not produced.
 */
public final class Ja4 {

    private static final HexFormat HEX = HexFormat.of();
    /** What b or c is when there is nothing to hash. */
    private static final String EMPTY = "000000000000";

    private Ja4() {}

    /** The fingerprint of {@code hello}. */
    public static String of(ClientHello hello) {
        List<Integer> ciphers = withoutGrease(hello.ciphers());
        List<Integer> extensions = withoutGrease(hello.extensions());
        String a = "t" + version(hello) + (hello.serverName() ? "d" : "i") + count(ciphers.size())
                + count(extensions.size()) + alpn(hello.alpn());
        String b = ciphers.isEmpty() ? EMPTY : hash(sortedHex(ciphers));
        List<Integer> hashed = extensions.stream()
                .filter(e -> e != ClientHello.SERVER_NAME && e != ClientHello.ALPN).toList();
        List<Integer> signatures = withoutGrease(hello.signatureAlgorithms());
        String c = hashed.isEmpty() ? EMPTY : hash(sortedHex(hashed)
                + (signatures.isEmpty() ? "" : "_" + hex(signatures)));
        return a + "_" + b + "_" + c;
    }

    /** Whether {@code value} is a GREASE value: {@code 0x?a?a} with both bytes equal. */
    static boolean grease(int value) {
        return (value & 0x0f0f) == 0x0a0a && (value >> 8) == (value & 0xff);
    }

    private static List<Integer> withoutGrease(List<Integer> values) {
        return values.stream().filter(v -> !grease(v)).toList();
    }

    /** The highest version in supported_versions, else legacy_version, as JA4's two characters. */
    private static String version(ClientHello hello) {
        int v = withoutGrease(hello.supportedVersions()).stream().mapToInt(Integer::intValue).max()
                .orElse(hello.legacyVersion());
        return switch (v) {
            case 0x0304 -> "13";
            case 0x0303 -> "12";
            case 0x0302 -> "11";
            case 0x0301 -> "10";
            case 0x0300 -> "s3";
            case 0x0002 -> "s2";
            default -> "00";
        };
    }

    private static String count(int n) {
        return String.format(Locale.ROOT, "%02d", Math.min(n, 99));
    }

    /** First and last characters of the first ALPN value; their hex digits when either is not alphanumeric. */
    private static String alpn(List<String> values) {
        if (values.isEmpty() || values.get(0).isEmpty()) {
            return "00";
        }
        String first = values.get(0);
        char head = first.charAt(0);
        char tail = first.charAt(first.length() - 1);
        if (alphanumeric(head) && alphanumeric(tail)) {
            return "" + head + tail;
        }
        String hex = HEX.formatHex(first.getBytes(StandardCharsets.ISO_8859_1));
        return "" + hex.charAt(0) + hex.charAt(hex.length() - 1);
    }

    private static boolean alphanumeric(char c) {
        return c < 128 && Character.isLetterOrDigit(c);
    }

    private static String sortedHex(List<Integer> values) {
        return hex(values.stream().sorted().toList());
    }

    private static String hex(List<Integer> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%04x", v)).collect(Collectors.joining(","));
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII));
            return HEX.formatHex(digest).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
