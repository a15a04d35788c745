package io.proxybench.client.internal.exchange;

import io.proxybench.client.Headers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A response's header fields kept as the bytes of their field lines ({@link ResponseParser} checked them: each a
 * name, a colon and a value, CRLF or LF ended, or an obs-fold line continuing the one before), read when asked; and
 * the one way the client's internals make {@link Headers} without the checks a user's headers get. A folded value is
 * joined with one space (RFC 9112 5.2).
 *
 * <p>Most responses are never looked at beyond one field: a run reads one to tell a block page, and keeps none. So
 * {@link #first} reads the bytes, and only a caller that wants every field pays for {@link #pairs}.
 */
public final class HeaderLines {

    /** Makes {@link Headers} from what this class hands it; set once, by {@link Headers} as it loads. */
    public interface Maker {
        /** Headers read lazily from field lines, ISO-8859-1, each ending in LF; the array is kept, not copied. */
        Headers fromLines(byte[] lines);

        /** Headers of names and values alternating, already checked; the array is kept, not copied. */
        Headers fromPairs(String[] pairs);
    }

    private static volatile Maker maker;

    private HeaderLines() {
    }

    /**
     * Called once by {@link Headers}'s static initializer.
     *
     * @param headers how to make headers
     */
    public static void bind(Maker headers) {
        maker = headers;
    }

    private static Maker maker() {
        Maker m = maker;
        if (m == null) {
            Headers.empty(); // loads Headers, which binds itself
            m = maker;
        }
        return m;
    }

    /**
     * Headers read from {@code lines} when asked.
     *
     * @param lines field lines as the parser checked them, each ending in LF; kept, not copied
     * @return the headers
     */
    public static Headers headers(byte[] lines) {
        return maker().fromLines(lines);
    }

    /**
     * Headers of {@code pairs}, names and values alternating, without the checks a user's headers get (the codec that
     * read them checked them).
     *
     * @param pairs names and values alternating; kept, not copied
     * @return the headers
     */
    public static Headers headers(String[] pairs) {
        return maker().fromPairs(pairs);
    }

    /**
     * Every field of {@code lines}, in order, folded lines joined.
     *
     * @param lines field lines, each ending in LF
     * @return names and values alternating
     */
    public static String[] pairs(byte[] lines) {
        List<String> pairs = new ArrayList<>();
        String name = null;
        StringBuilder value = new StringBuilder();
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(lines, start);
            int end = contentEnd(lines, start, next);
            if (FieldLines.folded(lines, start)) {
                int from = FieldLines.trimStart(lines, start, end);
                if (from < end) {
                    value.append(value.isEmpty() ? "" : " ").append(FieldLines.text(lines, from, end - from));
                }
            } else {
                if (name != null) {
                    pairs.add(name);
                    pairs.add(value.toString());
                }
                int colon = FieldLines.indexOf(lines, start, end, (byte) ':');
                name = FieldLines.text(lines, start, FieldLines.trimEnd(lines, start, colon) - start);
                int from = FieldLines.trimStart(lines, colon + 1, end);
                value.setLength(0);
                value.append(FieldLines.text(lines, from, end - from));
            }
            start = next;
        }
        if (name != null) {
            pairs.add(name);
            pairs.add(value.toString());
        }
        return pairs.toArray(String[]::new);
    }

    /**
     * The first value of {@code name} (any case) in {@code lines}, read from the bytes: a line is passed over with no
     * more than the search for its end unless its first byte could start the name and the byte just after a name
     * that long could end one (the colon, or whitespace before it).
     *
     * @param lines field lines, each ending in LF
     * @param name a field name
     * @return the value, folded lines joined; null when there is no such field
     */
    public static String first(byte[] lines, String name) {
        int length = name.length();
        int first = length == 0 ? -1 : FieldLines.lowerAscii(name.charAt(0));
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(lines, start);
            if (FieldLines.lowerAscii(lines[start] & 0xFF) == first && !FieldLines.folded(lines, start)
                    && start + length < next && endsName(lines[start + length])) {
                int end = contentEnd(lines, start, next);
                int colon = FieldLines.indexOf(lines, start, end, (byte) ':');
                if (FieldLines.nameIs(lines, start, FieldLines.trimEnd(lines, start, colon), name)) {
                    if (next < lines.length && FieldLines.folded(lines, next)) {
                        return foldedValue(lines, start, next);
                    }
                    int from = FieldLines.trimStart(lines, colon + 1, end);
                    return FieldLines.text(lines, from, end - from);
                }
            }
            start = next;
        }
        return null;
    }

    /** The value of the field whose line starts at {@code start}, joined with the folded lines after it. */
    private static String foldedValue(byte[] lines, int start, int next) {
        int stop = next;
        while (stop < lines.length && FieldLines.folded(lines, stop)) {
            stop = lineAfter(lines, stop);
        }
        byte[] field = Arrays.copyOfRange(lines, start, stop);
        return pairs(field)[1];
    }

    /** Whether {@code b} can follow a field name: the colon, or whitespace before it. */
    private static boolean endsName(byte b) {
        return b == ':' || FieldLines.isOws(b);
    }

    /** Where the line after the one at {@code start} starts: every line ends in LF. */
    private static int lineAfter(byte[] lines, int start) {
        return FieldLines.indexOf(lines, start, lines.length, (byte) '\n') + 1;
    }

    /** The line at {@code start}, up to {@code next}, without its line end and trailing whitespace. */
    private static int contentEnd(byte[] lines, int start, int next) {
        return FieldLines.trimEnd(lines, start, FieldLines.lineEnd(lines, start, next));
    }
}
