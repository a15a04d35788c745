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

    /** The body, read (never changed) up to {@link #end}: no copy of it is made, only of a value asked for. */
    private final byte[] body;
    private final int end;

    private Trace(byte[] body, int end) {
        this.body = body;
        this.end = end;
    }

    /** The trace in {@code body}, which may be any bytes; {@code body} must not change while the trace is read. */
    public static Trace of(byte[] body) {
        return new Trace(body, body.length <= HEAD_BYTES ? body.length : wholeLinesEnd(body, HEAD_BYTES));
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
     * The value of the first line {@code key=value} (an ASCII key), as UTF-8 text, stripped; null when no line starts
     * with {@code key=}. Lines end at LF, CR or CRLF, as {@link String#lines()} splits them; one scan of the bytes,
     * nothing decoded but the value.
     */
    public String value(String key) {
        int keyLength = key.length();
        for (int lineStart = 0; lineStart < end; ) {
            int lineEnd = lineStart;
            while (lineEnd < end && body[lineEnd] != '\n' && body[lineEnd] != '\r') {
                lineEnd++;
            }
            if (lineEnd - lineStart > keyLength && body[lineStart + keyLength] == '='
                    && startsWith(lineStart, key)) {
                int from = lineStart + keyLength + 1;
                return new String(body, from, lineEnd - from, StandardCharsets.UTF_8).strip();
            }
            lineStart = lineEnd + 1;
        }
        return null;
    }

    private boolean startsWith(int at, String key) {
        for (int i = 0; i < key.length(); i++) {
            if (body[at + i] != key.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
