package io.proxybench.client.internal.exchange;

import java.nio.charset.StandardCharsets;

/**
 * The bytes of an HTTP/1.1 head (RFC 9112, ISO-8859-1): where a line ends (LF, a CR before it cut), optional
 * whitespace trimmed, a name compared in any ASCII case. What {@link ResponseParser} frames a response by and
 * {@link HeaderLines} reads fields from, written once. Ranges are {@code [start, end)}.
 */
final class FieldLines {

    private FieldLines() {
    }

    /** The index of {@code b} in {@code bytes[from, to)}, or {@code to}. */
    static int indexOf(byte[] bytes, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return to;
    }

    /** Where the line starting at {@code start} ends, its LF (at {@code next - 1}) and a CR before it cut. */
    static int lineEnd(byte[] bytes, int start, int next) {
        int end = next - 1;
        return end > start && bytes[end - 1] == '\r' ? end - 1 : end;
    }

    /** Whether the line at {@code start} continues the field before it (obs-fold, RFC 9112 5.2). */
    static boolean folded(byte[] bytes, int start) {
        return isOws(bytes[start]);
    }

    static int trimStart(byte[] bytes, int start, int end) {
        while (start < end && isOws(bytes[start])) {
            start++;
        }
        return start;
    }

    static int trimEnd(byte[] bytes, int start, int end) {
        while (end > start && isOws(bytes[end - 1])) {
            end--;
        }
        return end;
    }

    static boolean isOws(byte b) {
        return b == ' ' || b == '\t';
    }

    /** Whether {@code bytes[start, end)} is {@code name} in any ASCII case (the Kelvin sign is not a {@code k}). */
    static boolean nameIs(byte[] bytes, int start, int end, String name) {
        if (end - start != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (lowerAscii(bytes[start + i] & 0xFF) != lowerAscii(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code c} in lower case when it is an ASCII letter. */
    static int lowerAscii(int c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }

    /** {@code bytes[start, start + length)} as ISO-8859-1 text. */
    static String text(byte[] bytes, int start, int length) {
        return new String(bytes, start, length, StandardCharsets.ISO_8859_1);
    }
}
