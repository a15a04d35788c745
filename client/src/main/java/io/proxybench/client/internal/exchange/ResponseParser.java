package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads HTTP/1.1 responses from a connection's bytes (RFC 9112), one exchange at a time: the status line and the
 * header fields, then the body, framed by {@code Transfer-Encoding: chunked} ({@link ChunkedBody}),
 * {@code Content-Length} or the connection's close. Interim (1xx) responses are read and skipped.
 *
 * <p>It makes no object per header field, which is why it is not Netty's {@code HttpResponseDecoder}: the head's
 * field lines are kept as the bytes that came ({@link HeaderLines} reads them when asked), and the body goes to the
 * listener as ranges of the buffers read. Only the fields that frame the message ({@code Content-Length},
 * {@code Transfer-Encoding}, {@code Connection}) are read here.
 *
 * <p>Event loop only; one parser per connection, {@link #start} before each exchange.
 */
final class ResponseParser {

    /** The longest head (status line and fields) read, in bytes; Netty's decoder allows 4 KiB + 8 KiB. */
    static final int MAX_HEAD_BYTES = 12 * 1024;
    /**
     * The most bytes copied into the head at a time, bytes: a response's body usually shares the buffer with its head,
     * and a head's array grown for one large head would otherwise take in up to that much body with every response.
     */
    private static final int HEAD_COPY_STEP = 512;
    /** A body length above this (about 1 EiB) is refused rather than risk an overflow. */
    static final long MAX_BODY_LENGTH = 1L << 60;

    private static final byte CR = '\r';
    private static final byte LF = '\n';

    /** Hears a response: its head once, its body in order, then its end. */
    interface Listener {
        /** The final response's status code and fields. */
        void head(int status, Headers headers);

        /** {@code length} body bytes at {@code index} of {@code buf}, valid during the call only. */
        void content(ByteBuf buf, int index, int length);

        /**
         * The response is complete.
         *
         * @param closeReason why the connection carries no further response, or null when it can
         */
        void end(CloseReason closeReason);
    }

    private enum State { HEAD, FIXED, CHUNKED, UNTIL_CLOSE, DONE }

    private final Listener listener;
    private State state = State.DONE;
    private boolean headRequest;

    /**
     * The head read so far, {@code head[0, headSize)}, and where each of its whole lines ends (the index after its
     * LF), {@code lineEnds[0, lines)}.
     */
    private byte[] head = new byte[512];
    private int headSize;
    private int[] lineEnds = new int[32];
    private int lines;

    /** Body bytes still to come of the {@code Content-Length}. */
    private long remaining;
    private final ChunkedBody chunks = new ChunkedBody();
    /** What {@link Listener#end} is told, decided by the head. */
    private CloseReason closeReason;

    ResponseParser(Listener listener) {
        this.listener = listener;
    }

    /** Readies the parser for the response to a request just sent; a HEAD's response has no body. */
    void start(boolean headRequest) {
        this.headRequest = headRequest;
        this.state = State.HEAD;
        this.headSize = 0;
        this.lines = 0;
        this.closeReason = null;
    }

    /**
     * Reads what {@code in} holds of the response, up to its end; bytes after the end are left unread, and the
     * connection is then not reused ({@link CloseReason#ERROR}: the server sent more than it was asked for).
     *
     * @throws IOException when the bytes are not an HTTP/1.1 response; the message says what is wrong
     */
    void read(ByteBuf in) throws IOException {
        while (in.isReadable() && state != State.DONE) {
            switch (state) {
                case HEAD -> readHead(in);
                case FIXED -> {
                    remaining = give(in, remaining, listener);
                    if (remaining == 0) {
                        end(in);
                    }
                }
                case CHUNKED -> {
                    if (chunks.read(in, listener)) {
                        end(in);
                    }
                }
                case UNTIL_CLOSE -> {
                    listener.content(in, in.readerIndex(), in.readableBytes());
                    in.skipBytes(in.readableBytes());
                }
                default -> throw new IllegalStateException(state.name());
            }
        }
    }

    /**
     * The connection closed: a body that runs until the close ends here.
     *
     * @return true when that completed the response; false when the response is cut short (or none was read)
     */
    boolean closed() {
        if (state != State.UNTIL_CLOSE) {
            return false;
        }
        state = State.DONE;
        listener.end(CloseReason.SERVER_CLOSE);
        return true;
    }

    /** Gives {@code listener} what {@code in} holds of the {@code remaining} body bytes; returns how many remain. */
    static long give(ByteBuf in, long remaining, Listener listener) {
        int n = (int) Math.min(remaining, in.readableBytes());
        listener.content(in, in.readerIndex(), n);
        in.skipBytes(n);
        return remaining - n;
    }

    private void end(ByteBuf in) {
        state = State.DONE;
        listener.end(in.isReadable() ? CloseReason.ERROR : closeReason);
    }

    // ---- the head

    /**
     * Copies what {@code in} holds of the head, up to {@link #HEAD_COPY_STEP} bytes and as much as {@link #head} has
     * room for (growing it when full, up to {@link #MAX_HEAD_BYTES}), in one copy rather than a line at a time, and
     * marks the lines in what was copied; at the empty line the head ends, and the bytes after it go back to
     * {@code in}. A head longer than one step takes a call per step.
     */
    private void readHead(ByteBuf in) throws IOException {
        int from = in.readerIndex();
        int to = in.writerIndex();
        if (headSize == 0) {
            // RFC 9112 2.2: empty lines before the status line are ignored.
            while (from < to && (in.getByte(from) == CR || in.getByte(from) == LF)) {
                from++;
            }
            in.readerIndex(from);
            if (from == to) {
                return;
            }
        }
        if (headSize == head.length) {
            if (headSize == MAX_HEAD_BYTES) {
                throw new IOException("response head larger than " + MAX_HEAD_BYTES + " bytes");
            }
            head = Arrays.copyOf(head, Math.min(MAX_HEAD_BYTES, 2 * head.length));
        }
        int copiedFrom = headSize;
        int n = Math.min(Math.min(to - from, HEAD_COPY_STEP), head.length - headSize);
        in.getBytes(from, head, headSize, n);
        headSize += n;
        for (int lf = FieldLines.indexOf(head, copiedFrom, headSize, LF); lf < headSize;
                lf = FieldLines.indexOf(head, lf + 1, headSize, LF)) {
            int lineStart = lines == 0 ? 0 : lineEnds[lines - 1];
            if (lines == lineEnds.length) {
                lineEnds = Arrays.copyOf(lineEnds, 2 * lines);
            }
            lineEnds[lines++] = lf + 1;
            if (FieldLines.lineEnd(head, lineStart, lf + 1) == lineStart) {
                headSize = lf + 1;
                in.readerIndex(from + headSize - copiedFrom);
                headRead(in);
                return;
            }
        }
        in.readerIndex(from + n);
    }

    /**
     * The head is {@code head[0, headSize)}, its {@link #lines} marked, the last one empty: reads it and decides how
     * the body is framed.
     */
    private void headRead(ByteBuf in) throws IOException {
        int statusEnd = lineEnds[0];
        int fieldsEnd = lineEnds[lines - 2];
        int status = statusCode(FieldLines.lineEnd(head, 0, statusEnd));
        boolean http10 = head[7] == '0';
        long contentLength = -1;
        boolean transferEncoding = false;
        boolean chunked = false;
        boolean close = false;
        boolean keepAliveToken = false;
        boolean folding = false;
        for (int line = 1; line < lines - 1; line++) {
            int start = lineEnds[line - 1];
            int end = FieldLines.lineEnd(head, start, lineEnds[line]);
            if (FieldLines.folded(head, start)) {
                // obs-fold (RFC 9112 5.2): continues the field before; never one that frames the message.
                if (line == 1 || folding) {
                    throw new IOException("a folded line continues " + (folding ? "a framing field" : "no field"));
                }
                continue;
            }
            // The colon, and on the way the first byte no name has (a space or control byte, or one above ASCII):
            // one pass over the name. Whitespace between the name and the colon is trimmed, not refused.
            int colon = start;
            int firstBad = end;
            for (; colon < end && head[colon] != ':'; colon++) {
                if (firstBad == end && (head[colon] <= ' ' || head[colon] == 127)) {
                    firstBad = colon;
                }
            }
            int nameEnd = FieldLines.trimEnd(head, start, colon);
            if (colon == end || nameEnd == start) {
                throw new IOException("a field line without a name and a colon: "
                        + FieldLines.text(head, start, Math.min(end - start, 64)));
            }
            if (firstBad < nameEnd) {
                throw new IOException("a field name with a space or control byte: "
                        + FieldLines.text(head, start, nameEnd - start));
            }
            int valueStart = FieldLines.trimStart(head, colon + 1, end);
            int valueEnd = FieldLines.trimEnd(head, valueStart, end);
            folding = false;
            if (FieldLines.nameIs(head, start, nameEnd, "content-length")) {
                contentLength = contentLength(valueStart, valueEnd, contentLength);
                folding = true;
            } else if (FieldLines.nameIs(head, start, nameEnd, "transfer-encoding")) {
                transferEncoding = true;
                chunked = lastTokenIs(valueStart, valueEnd, "chunked");
                folding = true;
            } else if (FieldLines.nameIs(head, start, nameEnd, "connection")) {
                close |= hasToken(valueStart, valueEnd, "close");
                keepAliveToken |= hasToken(valueStart, valueEnd, "keep-alive");
                folding = true;
            }
        }
        if (transferEncoding && http10) {
            // RFC 9112 6.1: the framing of an HTTP/1.0 message with Transfer-Encoding is faulty.
            throw new IOException("Transfer-Encoding in an HTTP/1.0 response");
        }
        if (status < 200 && status != 101) {
            // An interim response (100 Continue, 103 Early Hints): the final one follows.
            headSize = 0;
            lines = 0;
            return;
        }
        boolean keepAlive = http10 ? keepAliveToken && !close : !close;
        closeReason = keepAlive ? null : CloseReason.SERVER_CLOSE;
        listener.head(status, HeaderLines.headers(Arrays.copyOfRange(head, statusEnd, fieldsEnd)));
        if (headRequest || status == 204 || status == 304 || status == 101) {
            if (status == 101) {
                // Switching protocols: what follows is not HTTP/1.1.
                closeReason = CloseReason.SERVER_CLOSE;
            }
            end(in);
        } else if (transferEncoding) {
            // RFC 9112 6.3: Transfer-Encoding overrides Content-Length, and such a message ends the connection;
            // a coding other than chunked last runs until the close.
            if (contentLength >= 0 || !chunked) {
                closeReason = CloseReason.SERVER_CLOSE;
            }
            if (chunked) {
                chunks.start();
                state = State.CHUNKED;
            } else {
                state = State.UNTIL_CLOSE;
            }
        } else if (contentLength == 0) {
            end(in);
        } else if (contentLength > 0) {
            remaining = contentLength;
            state = State.FIXED;
        } else {
            closeReason = CloseReason.SERVER_CLOSE;
            state = State.UNTIL_CLOSE;
        }
    }

    /** The status line is {@code head[0, end)}: {@code HTTP/1.x}, a space, three digits, then anything. */
    private int statusCode(int end) throws IOException {
        boolean ok = end >= 12 && head[0] == 'H' && head[1] == 'T' && head[2] == 'T' && head[3] == 'P'
                && head[4] == '/' && head[5] == '1' && head[6] == '.' && (head[7] == '0' || head[7] == '1')
                && head[8] == ' ' && isDigit(head[9]) && isDigit(head[10]) && isDigit(head[11])
                && (end == 12 || head[12] == ' ');
        int status = ok ? (head[9] - '0') * 100 + (head[10] - '0') * 10 + (head[11] - '0') : 0;
        if (status < 100) {
            throw new IOException("not an HTTP/1.1 status line: " + FieldLines.text(head, 0, Math.min(end, 64)));
        }
        return status;
    }

    /** A {@code Content-Length} value: digits, or a list of the same digits; equal to {@code before} if any. */
    private long contentLength(int start, int end, long before) throws IOException {
        long length = -1;
        for (int i = start; i <= end; ) {
            int comma = FieldLines.indexOf(head, i, end, (byte) ',');
            int a = FieldLines.trimStart(head, i, comma);
            int b = FieldLines.trimEnd(head, a, comma);
            long n = a == b ? -1 : 0;
            for (int j = a; j < b && n >= 0; j++) {
                n = isDigit(head[j]) && n <= MAX_BODY_LENGTH / 10 ? n * 10 + head[j] - '0' : -1;
            }
            if (n < 0 || length >= 0 && n != length || before >= 0 && n != before) {
                throw new IOException("a Content-Length that is not one length: "
                        + FieldLines.text(head, start, Math.min(end - start, 64)));
            }
            length = n;
            i = comma + 1;
        }
        return length;
    }

    /** Whether the comma-separated list {@code head[start, end)} ends with {@code token} (ignoring case). */
    private boolean lastTokenIs(int start, int end, String token) {
        int b = end;
        while (b > start && (FieldLines.isOws(head[b - 1]) || head[b - 1] == ',')) {
            b--;
        }
        int a = b;
        while (a > start && head[a - 1] != ',') {
            a--;
        }
        return FieldLines.nameIs(head, FieldLines.trimStart(head, a, b), b, token);
    }

    /** Whether the comma-separated list {@code head[start, end)} has {@code token} (ignoring case). */
    private boolean hasToken(int start, int end, String token) {
        for (int i = start; i <= end; ) {
            int comma = FieldLines.indexOf(head, i, end, (byte) ',');
            if (lastTokenIs(i, comma, token)) {
                return true;
            }
            i = comma + 1;
        }
        return false;
    }

    // ---- bytes

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
