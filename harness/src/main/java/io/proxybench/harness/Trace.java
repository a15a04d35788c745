package io.proxybench.harness;

import java.nio.charset.StandardCharsets;

/**
 * What a target's trace body says ({@code /cdn-cgi/trace}: one {@code key=value} line per field, such as
 * {@code ip=} and {@code loc=}, and on a lab target {@code conn=} and {@code req=}), read from the body's first
 * {@link #HEAD_BYTES} bytes. Any body gives a trace; one that is not a trace has no values.
 */
public final class Trace {

    /** How much of a body is read, bytes: a trace is about 250. */
    static final int HEAD_BYTES = 1024;

    private final String head;

    private Trace(String head) {
        this.head = head;
    }

    /** The trace in {@code body}, which may be any bytes. */
    public static Trace of(byte[] body) {
        int end = body.length <= HEAD_BYTES ? body.length : wholeLinesEnd(body, HEAD_BYTES);
        return new Trace(new String(body, 0, end, StandardCharsets.UTF_8));
    }

    /**
     * Where the whole lines among the first {@code limit} bytes end: just after the last CR or LF, 0 without one. A
     * line cut short would give a wrong value; CR and LF never occur inside a UTF-8 sequence, so no character is cut.
     */
    private static int wholeLinesEnd(byte[] body, int limit) {
        for (int end = limit; end > 0; end--) {
            if (body[end - 1] == '\n' || body[end - 1] == '\r') {
                return end;
            }
        }
        return 0;
    }

    /**
     * The value of the first line {@code key=value}, stripped; null when no line starts with {@code key=}. Lines end
     * at LF, CR or CRLF, as {@link String#lines()} splits them; one scan of the head, nothing copied but the value.
     */
    public String value(String key) {
        int keyLength = key.length();
        for (int lineStart = 0, length = head.length(); lineStart < length; ) {
            int lineEnd = lineStart;
            while (lineEnd < length && head.charAt(lineEnd) != '\n' && head.charAt(lineEnd) != '\r') {
                lineEnd++;
            }
            if (lineEnd - lineStart > keyLength && head.charAt(lineStart + keyLength) == '='
                    && head.startsWith(key, lineStart)) {
                return head.substring(lineStart + keyLength + 1, lineEnd).strip();
            }
            lineStart = lineEnd + 1;
        }
        return null;
    }
}
