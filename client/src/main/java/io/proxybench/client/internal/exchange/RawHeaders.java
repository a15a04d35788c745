package io.proxybench.client.internal.exchange;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A response's header fields, kept as the bytes of their field lines ({@link ResponseParser} checked them: each a
 * name, a colon and a value, CRLF or LF ended, or an obs-fold line continuing the one before) and read when asked.
 * {@link #get(String)} reads the bytes; anything else turns them, once, into Netty's {@code DefaultHttpHeaders} and
 * asks that, so these headers behave as the ones Netty's decoder makes (names in the case they came, any case to
 * look up, mutable). A folded value is joined with one space (RFC 9112 5.2).
 *
 * <p>Most responses are never looked at beyond one field: a run reads one to tell a block page, and keeps none.
 */
final class RawHeaders extends HttpHeaders {

    /** The field lines, ISO-8859-1, each ending in LF. */
    private final byte[] lines;
    /** The fields as Netty's headers once anything but {@link #get(String)} was asked; null until then. */
    private volatile HttpHeaders parsed;

    RawHeaders(byte[] lines) {
        this.lines = lines;
    }

    /** Calls {@code field} with each field's name and value, in order, folded lines joined. */
    private void forEachField(BiConsumer<String, String> field) {
        String name = null;
        StringBuilder value = new StringBuilder();
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(start);
            int end = contentEnd(start, next);
            if (FieldLines.folded(lines, start)) {
                int from = FieldLines.trimStart(lines, start, end);
                if (from < end) {
                    value.append(value.isEmpty() ? "" : " ").append(FieldLines.text(lines, from, end - from));
                }
            } else {
                if (name != null) {
                    field.accept(name, value.toString());
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
            field.accept(name, value.toString());
        }
    }

    /** Whether {@code b} can follow a field name: the colon, or whitespace before it. */
    private static boolean endsName(byte b) {
        return b == ':' || FieldLines.isOws(b);
    }

    /** Where the line after the one at {@code start} starts: every line ends in LF. */
    private int lineAfter(int start) {
        return FieldLines.indexOf(lines, start, lines.length, (byte) '\n') + 1;
    }

    /** The line at {@code start}, up to {@code next}, without its line end and trailing whitespace. */
    private int contentEnd(int start, int next) {
        return FieldLines.trimEnd(lines, start, FieldLines.lineEnd(lines, start, next));
    }

    private HttpHeaders parsed() {
        HttpHeaders p = parsed;
        if (p == null) {
            synchronized (this) {
                p = parsed;
                if (p == null) {
                    // The parser checked the names; values are kept as they came (a load test records, it does not
                    // render), as with Netty's validation off.
                    HttpHeaders made = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
                    forEachField(made::add);
                    parsed = p = made;
                }
            }
        }
        return p;
    }

    /** The first value of {@code name} (any case), read from the bytes until the headers are parsed. */
    @Override
    public String get(String name) {
        HttpHeaders p = parsed;
        if (p != null) {
            return p.get(name);
        }
        // A line is passed over with no more than the search for its end unless its first byte could start the name
        // and the byte just after a name that long could end one (the colon, or whitespace before it).
        int length = name.length();
        int first = length == 0 ? -1 : FieldLines.lowerAscii(name.charAt(0));
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(start);
            if (FieldLines.lowerAscii(lines[start] & 0xFF) == first && !FieldLines.folded(lines, start)
                    && start + length < next && endsName(lines[start + length])) {
                int end = contentEnd(start, next);
                int colon = FieldLines.indexOf(lines, start, end, (byte) ':');
                if (FieldLines.nameIs(lines, start, FieldLines.trimEnd(lines, start, colon), name)) {
                    if (next < lines.length && FieldLines.folded(lines, next)) {
                        return parsed().get(name);
                    }
                    int from = FieldLines.trimStart(lines, colon + 1, end);
                    return FieldLines.text(lines, from, end - from);
                }
            }
            start = next;
        }
        return null;
    }

    // ---- everything else is Netty's

    @Override
    public Integer getInt(CharSequence name) {
        return parsed().getInt(name);
    }

    @Override
    public int getInt(CharSequence name, int defaultValue) {
        return parsed().getInt(name, defaultValue);
    }

    @Override
    public Short getShort(CharSequence name) {
        return parsed().getShort(name);
    }

    @Override
    public short getShort(CharSequence name, short defaultValue) {
        return parsed().getShort(name, defaultValue);
    }

    @Override
    public Long getTimeMillis(CharSequence name) {
        return parsed().getTimeMillis(name);
    }

    @Override
    public long getTimeMillis(CharSequence name, long defaultValue) {
        return parsed().getTimeMillis(name, defaultValue);
    }

    @Override
    public List<String> getAll(String name) {
        return parsed().getAll(name);
    }

    @Override
    public List<Map.Entry<String, String>> entries() {
        return parsed().entries();
    }

    @Override
    public boolean contains(String name) {
        return parsed().contains(name);
    }

    @Override
    public boolean contains(String name, String value, boolean ignoreCase) {
        return parsed().contains(name, value, ignoreCase);
    }

    @Override
    public boolean containsValue(CharSequence name, CharSequence value, boolean ignoreCase) {
        return parsed().containsValue(name, value, ignoreCase);
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        return parsed().iterator();
    }

    @Override
    public Iterator<Map.Entry<CharSequence, CharSequence>> iteratorCharSequence() {
        return parsed().iteratorCharSequence();
    }

    @Override
    public boolean isEmpty() {
        HttpHeaders p = parsed;
        return p == null ? lines.length == 0 : p.isEmpty();
    }

    @Override
    public int size() {
        return parsed().size();
    }

    @Override
    public Set<String> names() {
        return parsed().names();
    }

    @Override
    public HttpHeaders add(String name, Object value) {
        parsed().add(name, value);
        return this;
    }

    @Override
    public HttpHeaders add(String name, Iterable<?> values) {
        parsed().add(name, values);
        return this;
    }

    @Override
    public HttpHeaders addInt(CharSequence name, int value) {
        parsed().addInt(name, value);
        return this;
    }

    @Override
    public HttpHeaders addShort(CharSequence name, short value) {
        parsed().addShort(name, value);
        return this;
    }

    @Override
    public HttpHeaders set(String name, Object value) {
        parsed().set(name, value);
        return this;
    }

    @Override
    public HttpHeaders set(String name, Iterable<?> values) {
        parsed().set(name, values);
        return this;
    }

    @Override
    public HttpHeaders setInt(CharSequence name, int value) {
        parsed().setInt(name, value);
        return this;
    }

    @Override
    public HttpHeaders setShort(CharSequence name, short value) {
        parsed().setShort(name, value);
        return this;
    }

    @Override
    public HttpHeaders remove(String name) {
        parsed().remove(name);
        return this;
    }

    @Override
    public HttpHeaders clear() {
        parsed().clear();
        return this;
    }

    @Override
    public HttpHeaders copy() {
        return parsed().copy();
    }
}
