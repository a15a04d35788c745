package io.proxybench.client.internal.decode;

import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.Zstd;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The codings this platform decodes: gzip and deflate always (the JDK's zlib), br and zstd where their native library
 * loads (Brotli4j's for the platform, zstd-jni's). Checked once, when this class is first used, and kept.
 */
public final class AvailableCodings {

    private static final Set<ContentCoding> AVAILABLE = probe();
    private static final String ACCEPT_ENCODING =
            List.of(ContentCoding.values()).stream().filter(AVAILABLE::contains).map(ContentCoding::token)
                    .collect(Collectors.joining(", "));

    private AvailableCodings() {}

    /**
     * The {@code Accept-Encoding} value the client sends unless the caller set one: every available coding in the
     * order gzip, deflate, br, zstd, e.g. {@code gzip, deflate, br, zstd}.
     */
    public static String acceptEncoding() {
        return ACCEPT_ENCODING;
    }

    /** True when a body in {@code coding} can be decoded here. */
    public static boolean has(ContentCoding coding) {
        return AVAILABLE.contains(coding);
    }

    /**
     * Why {@code coding} is not available, for a person: the library that did not load and its error.
     *
     * @return the reason, or {@code null} for an available coding
     */
    public static String whyNot(ContentCoding coding) {
        if (has(coding)) {
            return null;
        }
        Throwable cause = coding == ContentCoding.BR ? Brotli.cause() : Zstd.cause();
        String library = coding == ContentCoding.BR ? "Brotli4j's native brotli library (the brotli4j native-"
                + "<platform> artifact)" : "zstd-jni's native zstd library";
        return coding.token() + " needs " + library + ", which did not load on this platform ("
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ")"
                + (cause == null ? "" : ": " + (cause.getMessage() != null ? cause.getMessage()
                        : cause.getClass().getSimpleName()));
    }

    private static Set<ContentCoding> probe() {
        Set<ContentCoding> available = EnumSet.of(ContentCoding.GZIP, ContentCoding.DEFLATE);
        if (Brotli.isAvailable()) {
            available.add(ContentCoding.BR);
        }
        if (Zstd.isAvailable()) {
            available.add(ContentCoding.ZSTD);
        }
        return available;
    }
}
