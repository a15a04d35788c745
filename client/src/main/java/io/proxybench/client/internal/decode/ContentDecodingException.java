package io.proxybench.client.internal.decode;

import java.io.IOException;
import java.util.Locale;

/**
 * A body could not be decoded: its coding's data is corrupt or cut short, or it decodes past a {@link DecodeLimits}.
 * The message names the coding, what went wrong and the setting or request that gets past it.
 */
public final class ContentDecodingException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The client setting that {@link DecodeLimits#maxDecodedBytes()} comes from, as error messages name it. */
    static final String SIZE_SETTING = "maxDecodedBytes";
    /** The client setting that {@link DecodeLimits#maxRatio()} comes from, as error messages name it. */
    static final String RATIO_SETTING = "maxDecodeRatio";
    /** How a caller gets a body as received: any Accept-Encoding of its own turns decoding off. */
    private static final String AS_RECEIVED = "send Accept-Encoding: identity (or any Accept-Encoding of your own) "
            + "to get the body as received";

    /** What went wrong. */
    public enum Problem {
        /** The coding's data is not valid. */
        CORRUPT,
        /** The body ended before the coding's data did. */
        TRUNCATED,
        /** The body decodes to more than {@link DecodeLimits#maxDecodedBytes()}. */
        TOO_LARGE,
        /** The body decodes to more than {@link DecodeLimits#maxRatio()} times its encoded size. */
        RATIO
    }

    private final Problem problem;
    private final transient ContentCoding coding;

    private ContentDecodingException(Problem problem, ContentCoding coding, String message, Throwable cause) {
        super(message, cause);
        this.problem = problem;
        this.coding = coding;
    }

    static ContentDecodingException corrupt(ContentCoding coding, ContentEncoding encoding, Throwable cause) {
        return corrupt(coding, encoding, detail(cause), cause);
    }

    /** @param detail what is wrong, e.g. {@code invalid stored block lengths} */
    static ContentDecodingException corrupt(ContentCoding coding, ContentEncoding encoding, String detail,
            Throwable cause) {
        return new ContentDecodingException(Problem.CORRUPT, coding, subject(coding, encoding) + " is corrupt ("
                + detail + "); " + AS_RECEIVED, cause);
    }

    static ContentDecodingException truncated(ContentCoding coding, ContentEncoding encoding, long encodedBytes,
            Throwable cause) {
        return new ContentDecodingException(Problem.TRUNCATED, coding, subject(coding, encoding)
                + " ends before its " + coding.token() + " data does (" + (cause == null ? "no end marker" : detail(cause))
                + ", after " + bytes(encodedBytes) + " received): the transfer was cut short, or the server sent it "
                + "so; retry, or " + AS_RECEIVED, cause);
    }

    static ContentDecodingException tooLarge(ContentCoding coding, ContentEncoding encoding, long maxDecodedBytes) {
        return new ContentDecodingException(Problem.TOO_LARGE, coding, subject(coding, encoding)
                + " decodes to more than " + bytes(maxDecodedBytes) + " (the limit, " + SIZE_SETTING + "); raise "
                + SIZE_SETTING + ", or " + AS_RECEIVED, null);
    }

    static ContentDecodingException ratio(ContentCoding coding, ContentEncoding encoding, long decodedBytes,
            long encodedBytes, int maxRatio) {
        return new ContentDecodingException(Problem.RATIO, coding, subject(coding, encoding) + " decodes to "
                + String.format(Locale.ROOT, "%,d", decodedBytes / encodedBytes) + "× its encoded size ("
                + bytes(decodedBytes) + " from " + bytes(encodedBytes) + " so far; the limit is " + maxRatio + "×, "
                + RATIO_SETTING + "): a decompression bomb? If the body is genuine, raise " + RATIO_SETTING + ", or "
                + AS_RECEIVED, null);
    }

    /** What went wrong. */
    public Problem problem() {
        return problem;
    }

    /** The coding that failed: of a stacked body, the one being undone. */
    public ContentCoding coding() {
        return coding;
    }

    /** {@code the gzip body}, or for a stacked one {@code the br coding of the body (Content-Encoding: gzip, br)}. */
    private static String subject(ContentCoding coding, ContentEncoding encoding) {
        return encoding.codings().size() == 1 ? "the " + coding.token() + " body"
                : "the " + coding.token() + " coding of the body (Content-Encoding: " + encoding.header() + ")";
    }

    /** The innermost message the codec gave, e.g. {@code invalid stored block lengths}. */
    private static String detail(Throwable cause) {
        String detail = null;
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                detail = t.getMessage();
            }
        }
        return detail == null ? "no detail from the decoder" : detail;
    }

    /** {@code 64 MiB}, {@code 16 KiB} for whole multiples, else {@code 1,234 bytes}. */
    static String bytes(long n) {
        if (n >= 1 << 20 && n % (1 << 20) == 0) {
            return String.format(Locale.ROOT, "%,d MiB", n >> 20);
        }
        if (n >= 1 << 10 && n % (1 << 10) == 0) {
            return String.format(Locale.ROOT, "%,d KiB", n >> 10);
        }
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "byte" : "bytes");
    }
}
