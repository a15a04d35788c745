package io.proxybench.client.internal.exchange;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
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

    /** Whether {@code bytes[start, end)} is {@code lowerCase} in any case (ASCII). */
    static boolean nameIs(byte[] bytes, int start, int end, String lowerCase) {
        if (end - start != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            int b = bytes[start + i];
            if ((b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code bytes[start, start + length)} as ISO-8859-1 text. */
    static String text(byte[] bytes, int start, int length) {
        return new String(bytes, start, length, StandardCharsets.ISO_8859_1);
    }

    /** Calls {@code field} with each field's name and value, in order, folded lines joined. */
    private void forEachField(BiConsumer<String, String> field) {
        String name = null;
        StringBuilder value = new StringBuilder();
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(start);
            int end = trimEnd(start, lineEnd(start, next));
            if (lines[start] == ' ' || lines[start] == '\t') {
                int from = trimStart(start, end);
                if (from < end) {
                    value.append(value.isEmpty() ? "" : " ").append(text(lines, from, end - from));
                }
            } else {
                if (name != null) {
                    field.accept(name, value.toString());
                }
                int colon = colon(start, end);
                name = text(lines, start, trimEnd(start, colon) - start);
                int from = trimStart(colon + 1, end);
                value.setLength(0);
                value.append(text(lines, from, end - from));
            }
            start = next;
        }
        if (name != null) {
            field.accept(name, value.toString());
        }
    }

    private int lineAfter(int start) {
        int i = start;
        while (lines[i] != '\n') {
            i++;
        }
        return i + 1;
    }

    private int lineEnd(int start, int next) {
        int end = next - 1;
        return end > start && lines[end - 1] == '\r' ? end - 1 : end;
    }

    private int colon(int start, int end) {
        int i = start;
        while (i < end && lines[i] != ':') {
            i++;
        }
        return i;
    }

    private int trimStart(int start, int end) {
        while (start < end && (lines[start] == ' ' || lines[start] == '\t')) {
            start++;
        }
        return start;
    }

    private int trimEnd(int start, int end) {
        while (end > start && (lines[end - 1] == ' ' || lines[end - 1] == '\t')) {
            end--;
        }
        return end;
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
        for (int start = 0; start < lines.length; ) {
            int next = lineAfter(start);
            if (lines[start] != ' ' && lines[start] != '\t') {
                int end = trimEnd(start, lineEnd(start, next));
                int colon = colon(start, end);
                if (sameName(start, trimEnd(start, colon), name)) {
                    boolean folded = next < lines.length && (lines[next] == ' ' || lines[next] == '\t');
                    if (folded) {
                        return parsed().get(name);
                    }
                    int from = trimStart(colon + 1, end);
                    return text(lines, from, end - from);
                }
            }
            start = next;
        }
        return null;
    }

    private boolean sameName(int start, int end, String name) {
        if (end - start != name.length()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (lowerAscii(lines[start + i] & 0xFF) != lowerAscii(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** ASCII case folding only, as Netty's header names (the Kelvin sign is not a {@code k}). */
    private static int lowerAscii(int c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
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
