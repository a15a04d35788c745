package io.proxybench.client.internal.decode;

import io.netty.buffer.ByteBuf;

/**
 * The content size a zstd frame's header declares (RFC 8878 §3.1.1.1), read from the first bytes of the body as they
 * arrive, whatever their chunking. zstd's streaming decoder does not hold a frame to its declared size when the frame
 * ends with an empty last block (the one-shot decoder does), so the same body would decode fed in pieces and fail
 * fed whole; {@link ContentDecoder} checks the size itself with this. The client takes one frame per body.
 */
final class ZstdFrameSize {

    /** Magic number, frame header descriptor, window descriptor, dictionary id (4) and content size (8), at most. */
    private static final int MAX_HEADER_BYTES = 4 + 1 + 1 + 4 + 8;
    private static final int[] DICTIONARY_ID_BYTES = {0, 1, 2, 4};
    /** No size known; as a declared size, 2^64 - 1 bytes, which no body holds either. */
    private static final long NONE = -1;

    private final byte[] header = new byte[MAX_HEADER_BYTES];
    private int have;

    /** Takes what it still needs of the header from {@code input}'s readable bytes, leaving its indexes alone. */
    void see(ByteBuf input) {
        int n = Math.min(input.readableBytes(), MAX_HEADER_BYTES - have);
        if (n > 0) {
            input.getBytes(input.readerIndex(), header, have, n);
            have += n;
        }
    }

    /**
     * Whether {@code decoded} bytes are other than the content size the frame declares; false when it declares none, is
     * not a zstd frame (the decoder says so), or its header has not all arrived. The size is unsigned: one of 2^63
     * bytes or more is never held.
     */
    boolean differsFrom(long decoded) {
        long declared = declared();
        return declared != NONE && declared != decoded;
    }

    /** The declared content size as it is written (unsigned), or {@link #NONE}. */
    private long declared() {
        if (have < 5 || (header[0] & 0xFF) != 0x28 || (header[1] & 0xFF) != 0xB5 || (header[2] & 0xFF) != 0x2F
                || (header[3] & 0xFF) != 0xFD) {
            return NONE;
        }
        int descriptor = header[4] & 0xFF;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int sizeFlag = descriptor >>> 6;
        int sizeBytes = sizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
        int at = 5 + (singleSegment ? 0 : 1) + DICTIONARY_ID_BYTES[descriptor & 3];
        if (sizeBytes == 0 || have < at + sizeBytes) {
            return NONE;
        }
        long size = 0;
        for (int i = sizeBytes - 1; i >= 0; i--) {
            size = size << 8 | (header[at + i] & 0xFF);
        }
        return sizeBytes == 2 ? size + 256 : size;
    }
}
