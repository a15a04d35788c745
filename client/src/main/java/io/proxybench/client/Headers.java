package io.proxybench.client;

import io.proxybench.client.internal.exchange.HeaderLines;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * HTTP header fields: names compared in any ASCII case, a name may have several values, the order the fields came
 * (or were added) in is kept. Immutable and safe to share between threads; {@link #builder()} and
 * {@link #toBuilder()} make new ones. A response's headers are read from the bytes that came only when asked.
 *
 * <p>Names and values a user adds are checked when added: a name is an RFC 9110 token, a value holds no CR, LF or
 * NUL (so no header can smuggle another into a request). {@link #toString()} masks the values of
 * {@code Authorization}, {@code Proxy-Authorization}, {@code Cookie} and {@code Set-Cookie}.
 */
public final class Headers implements Iterable<Map.Entry<String, String>> {

    static {
        HeaderLines.bind(new HeaderLines.Maker() {
            @Override
            public Headers fromLines(byte[] lines) {
                return new Headers(lines, null);
            }

            @Override
            public Headers fromPairs(String[] pairs) {
                return new Headers(null, pairs);
            }
        });
    }

    private static final Headers EMPTY = new Headers(null, new String[0]);
    private static final Set<String> SECRET = Set.of("authorization", "proxy-authorization", "cookie", "set-cookie");

    /** A response's field lines as received, read by {@link HeaderLines}; null for headers made from pairs. */
    private final byte[] lines;
    /** Names and values alternating; null until {@link #lines} are parsed (once, by the first caller to need it). */
    private volatile String[] pairs;

    private Headers(byte[] lines, String[] pairs) {
        this.lines = lines;
        this.pairs = pairs;
    }

    /**
     * No headers.
     *
     * @return the empty headers
     */
    public static Headers empty() {
        return EMPTY;
    }

    /**
     * Headers of names and values alternating, e.g. {@code Headers.of("Accept", "text/html", "Accept-Language",
     * "de")}.
     *
     * @param namesAndValues an even number of strings, name first
     * @return the headers
     * @throws IllegalArgumentException if the count is odd, or a name or value is not one HTTP allows
     */
    public static Headers of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("Headers.of takes names and values in pairs; " + namesAndValues.length
                    + " strings were given");
        }
        Builder b = builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            b.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return b.build();
    }

    /**
     * An empty builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder(new ArrayList<>());
    }

    /**
     * A builder holding these headers.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(new ArrayList<>(Arrays.asList(pairs())));
    }

    private String[] pairs() {
        String[] p = pairs;
        if (p == null) {
            pairs = p = HeaderLines.pairs(lines);
        }
        return p;
    }

    /**
     * The first value of {@code name}, in any case.
     *
     * @param name a field name
     * @return the value, or null when there is no such field
     */
    public String get(String name) {
        String[] p = pairs;
        if (p == null) {
            return HeaderLines.first(lines, name);
        }
        for (int i = 0; i < p.length; i += 2) {
            if (p[i].equalsIgnoreCase(name)) {
                return p[i + 1];
            }
        }
        return null;
    }

    /**
     * Every value of {@code name}, in any case, in order.
     *
     * @param name a field name
     * @return the values; empty when there is no such field
     */
    public List<String> values(String name) {
        String[] p = pairs();
        List<String> values = null;
        for (int i = 0; i < p.length; i += 2) {
            if (p[i].equalsIgnoreCase(name)) {
                if (values == null) {
                    values = new ArrayList<>(2);
                }
                values.add(p[i + 1]);
            }
        }
        return values == null ? List.of() : Collections.unmodifiableList(values);
    }

    /**
     * Whether a field named {@code name}, in any case, is present.
     *
     * @param name a field name
     * @return true when present
     */
    public boolean contains(String name) {
        return get(name) != null;
    }

    /**
     * The distinct names, in the order they first came, each in the case it first came in.
     *
     * @return the names
     */
    public Set<String> names() {
        String[] p = pairs();
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < p.length; i += 2) {
            names.putIfAbsent(p[i].toLowerCase(Locale.ROOT), p[i]);
        }
        return Collections.unmodifiableSet(new LinkedHashSet<>(names.values()));
    }

    /**
     * How many fields there are, a name with several values counted once per value.
     *
     * @return the number of fields
     */
    public int size() {
        return pairs().length / 2;
    }

    /**
     * Whether there are no fields.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        String[] p = pairs;
        return p == null ? lines.length == 0 : p.length == 0;
    }

    /**
     * The name of the field at {@code index}.
     *
     * @param index from 0 to {@link #size()} - 1
     * @return the name, in the case it came in
     * @throws IndexOutOfBoundsException if there is no such field
     */
    public String name(int index) {
        Objects.checkIndex(index, size());
        return pairs()[2 * index];
    }

    /**
     * The value of the field at {@code index}.
     *
     * @param index from 0 to {@link #size()} - 1
     * @return the value
     * @throws IndexOutOfBoundsException if there is no such field
     */
    public String value(int index) {
        Objects.checkIndex(index, size());
        return pairs()[2 * index + 1];
    }

    /**
     * The fields in order, as immutable entries.
     *
     * @return an iterator over name and value
     */
    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        String[] p = pairs();
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < p.length;
            }

            @Override
            public Map.Entry<String, String> next() {
                if (next >= p.length) {
                    throw new NoSuchElementException();
                }
                next += 2;
                return new AbstractMap.SimpleImmutableEntry<>(p[next - 2], p[next - 1]);
            }
        };
    }

    /**
     * Equal when the same fields come in the same order, names compared in any case and values exactly.
     *
     * @param other another object
     * @return true when equal
     */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Headers h)) {
            return false;
        }
        String[] a = pairs();
        String[] b = h.pairs();
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i += 2) {
            if (!a[i].equalsIgnoreCase(b[i]) || !a[i + 1].equals(b[i + 1])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        String[] p = pairs();
        int hash = 1;
        for (int i = 0; i < p.length; i += 2) {
            hash = 31 * (31 * hash + p[i].toLowerCase(Locale.ROOT).hashCode()) + p[i + 1].hashCode();
        }
        return hash;
    }

    /**
     * The fields as HTTP/1.1 writes them, one {@code Name: value} line each; credentials and cookies masked.
     *
     * @return the text
     */
    @Override
    public String toString() {
        String[] p = pairs();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < p.length; i += 2) {
            boolean secret = SECRET.contains(p[i].toLowerCase(Locale.ROOT));
            text.append(p[i]).append(": ").append(secret ? "****" : p[i + 1]).append('\n');
        }
        return text.toString();
    }

    /** Headers under construction: fields added in order, checked as they are added. Not thread-safe. */
    public static final class Builder {

        /** Names and values alternating. */
        private final List<String> pairs;

        private Builder(List<String> pairs) {
            this.pairs = pairs;
        }

        /**
         * Adds a field after the others; a field of the same name is kept.
         *
         * @param name an RFC 9110 token, e.g. {@code Accept}
         * @param value the value: no CR, LF or NUL; surrounding spaces and tabs are removed
         * @return this builder
         * @throws IllegalArgumentException if the name or the value is not one HTTP allows
         * @throws NullPointerException if {@code name} or {@code value} is null
         */
        public Builder add(String name, String value) {
            pairs.add(checkName(name));
            pairs.add(checkValue(name, value));
            return this;
        }

        /**
         * Sets a field: removes every field named {@code name} (in any case), then adds this one.
         *
         * @param name an RFC 9110 token
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the name or the value is not one HTTP allows
         */
        public Builder set(String name, String value) {
            return remove(name).add(name, value);
        }

        /**
         * Removes every field named {@code name}, in any case.
         *
         * @param name a field name
         * @return this builder
         */
        public Builder remove(String name) {
            for (int i = pairs.size() - 2; i >= 0; i -= 2) {
                if (pairs.get(i).equalsIgnoreCase(name)) {
                    pairs.subList(i, i + 2).clear();
                }
            }
            return this;
        }

        /**
         * Adds every field of {@code headers}, after these.
         *
         * @param headers the fields to add
         * @return this builder
         */
        public Builder addAll(Headers headers) {
            pairs.addAll(Arrays.asList(headers.pairs()));
            return this;
        }

        /**
         * The headers.
         *
         * @return immutable headers holding the fields added so far
         */
        public Headers build() {
            return pairs.isEmpty() ? EMPTY : new Headers(null, pairs.toArray(String[]::new));
        }
    }

    /** The name, when it is an RFC 9110 token. */
    private static String checkName(String name) {
        Objects.requireNonNull(name, "header name");
        if (!isToken(name)) {
            throw new IllegalArgumentException("header name \"" + printable(name) + "\" is not an HTTP token: use"
                    + " letters, digits and !#$%&'*+-.^_`|~ only, e.g. X-Request-Id");
        }
        return name;
    }

    /** Whether {@code text} is an RFC 9110 token: one or more visible ASCII characters but delimiters. */
    static boolean isToken(String text) {
        boolean token = !text.isEmpty();
        for (int i = 0; i < text.length() && token; i++) {
            char c = text.charAt(i);
            token = c > 0x20 && c < 0x7F && "\"(),/:;<=>?@[\\]{}".indexOf(c) < 0;
        }
        return token;
    }

    /** The value without surrounding spaces and tabs, when it holds no CR, LF or NUL. */
    private static String checkValue(String name, String value) {
        Objects.requireNonNull(value, () -> "the value of header " + name);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0) {
                throw new IllegalArgumentException("the value of header " + name + " holds a "
                        + (c == 0 ? "NUL" : c == '\r' ? "CR" : "LF") + " at index " + i
                        + ": a header value is one line; send several values as several fields");
            }
        }
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }

    /** {@code text} with control characters shown as {@code \\uXXXX}, for a message. */
    private static String printable(String text) {
        StringBuilder shown = new StringBuilder();
        text.codePoints().forEach(c -> shown.append(Character.isISOControl(c)
                ? String.format("\\u%04x", c) : Character.toString(c)));
        return shown.toString();
    }
}
