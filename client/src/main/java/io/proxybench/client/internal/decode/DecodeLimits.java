package io.proxybench.client.internal.decode;

/**
 * How far a body may grow when decoded; past either limit decoding fails with a {@link ContentDecodingException}.
 * Both hold for the output of every coding of a stacked body ({@code gzip, br}: the gzip stream br yields, and the body
 * gzip yields), so no step of it can balloon either.
 *
 * <p>The ratio is decoded bytes over encoded bytes, the encoded ones counted as the body received so far (after any
 * transfer decoding, before content decoding). It is checked only once the decoded bytes pass {@link
 * #RATIO_FLOOR_BYTES}: a body that decodes to less may compress as well as it likes (a page of one repeated byte is
 * 1,000× smaller in gzip), and costs nothing to hold.
 *
 * @param maxDecodedBytes the most bytes a body (and each coding's output) may decode to; 0 or more
 * @param maxRatio the most decoded bytes per encoded byte past the floor, e.g. 100 for 100×; 1 or more
 */
public record DecodeLimits(long maxDecodedBytes, int maxRatio) {

    /** Decoded bytes under which the ratio is not checked: 1 MiB. */
    public static final long RATIO_FLOOR_BYTES = 1 << 20;

    public DecodeLimits {
        if (maxDecodedBytes < 0) {
            throw new IllegalArgumentException("maxDecodedBytes " + maxDecodedBytes + " must be 0 or more");
        }
        if (maxRatio < 1) {
            throw new IllegalArgumentException("maxRatio " + maxRatio + " must be 1 or more");
        }
    }
}
