package io.proxybench.lab.target;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;

/**
 * The HTML pages of {@code /page/N}: exactly N bytes of text that compresses about as a real page does (words drawn
 * from a small vocabulary, links, markup), the same for every N's common prefix, and their gzip form, compressed once
 * per size and kept, so that serving a page costs the lab a copy, not a compression.
 */
final class Pages {

    /** Largest {@code /page/N}, in bytes (1 MiB). */
    static final int MAX_PAGE = 1 << 20;
    /** Sizes kept compressed; a size past this many is built and compressed on each request. */
    private static final int CACHED_SIZES = 64;
    private static final String[] WORDS = ("proxy session exit tunnel request response header cookie redirect page "
            + "price stock review rating shipping delivery product category brand model colour size weight "
            + "available offer discount customer account basket checkout search result filter sort next previous "
            + "the a of and to in for with on at by from").split(" ");
    private static final byte[] TAIL = "\n</main></body></html>\n".getBytes(StandardCharsets.US_ASCII);
    private static final Map<Integer, Page> CACHE = new ConcurrentHashMap<>();

    private Pages() {}

    /** A page: its {@code identity} bytes and their {@code gzip} form. */
    record Page(byte[] identity, byte[] gzip) {}

    /** The page of {@code size} bytes, 0 &lt;= size &lt;= {@link #MAX_PAGE}. */
    static Page page(int size) {
        Page cached = CACHE.get(size);
        if (cached != null) {
            return cached;
        }
        byte[] identity = text(size);
        Page page = new Page(identity, gzip(identity));
        if (CACHE.size() < CACHED_SIZES) {
            CACHE.putIfAbsent(size, page);
        }
        return page;
    }

    /**
     * Whether an {@code Accept-Encoding} value (null: none) accepts gzip: it lists {@code gzip} or {@code *} with a
     * quality above zero.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String item : acceptEncoding.split(",")) {
            String[] parts = item.split(";");
            String coding = parts[0].strip().toLowerCase(Locale.ROOT);
            if ((coding.equals("gzip") || coding.equals("*")) && quality(parts) > 0) {
                return true;
            }
        }
        return false;
    }

    /** The {@code q} parameter among {@code parts[1..]}, 1 when absent, 0 when unreadable. */
    private static double quality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }

    /** Exactly {@code size} bytes: a head, paragraphs and links of drawn words, and {@link #TAIL}. */
    private static byte[] text(int size) {
        StringBuilder html = new StringBuilder(size + 256).append("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>proxybench lab page</title></head>
                <body><main>
                """);
        SplittableRandom words = new SplittableRandom(39);
        int item = 0;
        while (html.length() < size) {
            html.append("<p class=\"item\" id=\"item-").append(item).append("\">");
            for (int w = 0; w < 24; w++) {
                html.append(WORDS[words.nextInt(WORDS.length)]).append(' ');
            }
            html.append("<a href=\"/page/").append(size).append("?item=").append(item).append("\">")
                    .append(WORDS[words.nextInt(WORDS.length)]).append("</a></p>\n");
            item++;
        }
        byte[] body = html.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] page = new byte[size];
        int head = Math.max(0, size - TAIL.length);
        System.arraycopy(body, 0, page, 0, head);
        System.arraycopy(TAIL, 0, page, head, Math.min(size, TAIL.length));
        return page;
    }

    private static byte[] gzip(byte[] identity) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(identity.length / 3 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(identity);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot gzip a page in memory", e);
        }
        return out.toByteArray();
    }
}
