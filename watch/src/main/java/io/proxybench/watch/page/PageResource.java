package io.proxybench.watch.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The live page, {@code index.html} beside this class on the classpath: one self-contained file (its CSS and
 * script inline, nothing from the network) that reads {@code api/series} and {@code events} relative to its own
 * address, passing on a {@code ?token=} it was opened with.
 */
public final class PageResource {

    /** The page's media type, for the response's Content-Type. */
    public static final String CONTENT_TYPE = "text/html; charset=utf-8";

    private static final String INDEX = "index.html";

    private PageResource() {}

    /** The page's bytes (UTF-8), read from the classpath once; a fresh copy each call, which callers may keep. */
    public static byte[] indexHtml() {
        return Index.BYTES.clone();
    }

    /** Read on first use, so a class that only names {@link PageResource} reads nothing. */
    private static final class Index {

        static final byte[] BYTES = read();

        private static byte[] read() {
            try (InputStream in = PageResource.class.getResourceAsStream(INDEX)) {
                if (in == null) {
                    throw new IllegalStateException(INDEX + " is missing beside " + PageResource.class.getName()
                            + " on the classpath: rebuild the watch module (mvn -pl watch package)");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("could not read " + INDEX + " from the classpath", e);
            }
        }
    }
}
