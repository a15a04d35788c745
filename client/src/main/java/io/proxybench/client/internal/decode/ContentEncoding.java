package io.proxybench.client.internal.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A response's {@code Content-Encoding}, read: the codings applied to its body, and whether this client can undo
 * them. Tokens are matched case-insensitively; {@code identity} and empty list elements are no coding. A body it
 * cannot decode (a coding this client does not know, such as {@code compress}, one whose native library did not load,
 * or more than {@link #MAX_CODINGS} stacked) is not an error: the caller keeps it as received and says why, with
 * {@link #whyNotDecodable()}.
 */
public final class ContentEncoding {

    /** The most codings decoded on one body: each is a decompressor with its own memory, and two are rare already. */
    static final int MAX_CODINGS = 3;

    private static final ContentEncoding IDENTITY = new ContentEncoding("", List.of(), null);

    private final String header;
    /** In the order the server applied them; decoding runs the other way. */
    private final List<ContentCoding> codings;
    private final String whyNotDecodable;

    private ContentEncoding(String header, List<ContentCoding> codings, String whyNotDecodable) {
        this.header = header;
        this.codings = codings;
        this.whyNotDecodable = whyNotDecodable;
    }

    /**
     * Reads a {@code Content-Encoding} value; for a response with several such fields, their values joined with
     * {@code ", "} in order.
     *
     * @param header the value, e.g. {@code gzip} or {@code gzip, br}; {@code null} when the response has none
     */
    public static ContentEncoding parse(String header) {
        if (header == null || header.isBlank()) {
            return IDENTITY;
        }
        List<ContentCoding> codings = new ArrayList<>();
        for (String element : header.split(",")) {
            String token = element.trim().toLowerCase(Locale.ROOT);
            if (token.isEmpty() || token.equals("identity")) {
                continue;
            }
            ContentCoding coding = ContentCoding.forToken(token);
            if (coding == null) {
                return new ContentEncoding(header, List.of(), "the body's content coding \"" + token
                        + "\" (Content-Encoding: " + header + ") is not one this client decodes ("
                        + String.join(", ", tokens(ContentCoding.values())) + "), so the body is kept as received");
            }
            if (!AvailableCodings.has(coding)) {
                return new ContentEncoding(header, List.of(), AvailableCodings.whyNot(coding)
                        + "; the body (Content-Encoding: " + header + ") is kept as received");
            }
            codings.add(coding);
        }
        if (codings.size() > MAX_CODINGS) {
            return new ContentEncoding(header, List.of(), "the body stacks " + codings.size()
                    + " content codings (Content-Encoding: " + header + "); this client decodes at most " + MAX_CODINGS
                    + ", so the body is kept as received");
        }
        return codings.isEmpty() ? IDENTITY : new ContentEncoding(header, List.copyOf(codings), null);
    }

    /** True when the body has no coding to undo: no header, or {@code identity} only. */
    public boolean isIdentity() {
        return codings.isEmpty() && whyNotDecodable == null;
    }

    /** True when the body has codings and this client can undo every one ({@link ContentDecoder#start}). */
    public boolean isDecodable() {
        return !codings.isEmpty();
    }

    /**
     * Why the body cannot be decoded, a sentence for a person, e.g. {@code the body's content coding "compress" ...
     * is not one this client decodes (gzip, deflate, br, zstd), so the body is kept as received}.
     *
     * @return the reason, or {@code null} when the body is identity or decodable
     */
    public String whyNotDecodable() {
        return whyNotDecodable;
    }

    /** The codings in the order the server applied them; empty unless {@link #isDecodable()}. */
    public List<ContentCoding> codings() {
        return codings;
    }

    /** The header value as received, empty for none. */
    public String header() {
        return header;
    }

    @Override
    public String toString() {
        return header;
    }

    private static List<String> tokens(ContentCoding[] codings) {
        return List.of(codings).stream().map(ContentCoding::token).toList();
    }
}
