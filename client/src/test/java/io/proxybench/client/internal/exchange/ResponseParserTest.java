package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ResponseParserTest {

    /** What the parser told its listener. */
    private static final class Heard implements ResponseParser.Listener {
        int heads;
        int status = -1;
        Headers headers;
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean ended;
        CloseReason reason;

        @Override
        public void head(int status, Headers headers) {
            heads++;
            this.status = status;
            this.headers = headers;
        }

        @Override
        public void content(ByteBuf buf, int index, int length) {
            byte[] bytes = new byte[length];
            buf.getBytes(index, bytes);
            body.writeBytes(bytes);
        }

        @Override
        public void end(CloseReason closeReason) {
            assertThat(ended).as("one end per response").isFalse();
            ended = true;
            reason = closeReason;
        }

        String bodyText() {
            return body.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private final Heard heard = new Heard();
    private final ResponseParser parser = new ResponseParser(heard);

    /** Feeds {@code response} in pieces cut at {@code cuts}; the connection closes after when {@code close}. */
    private void parse(String response, boolean headRequest, boolean close, int... cuts) throws IOException {
        parser.start(headRequest);
        byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
        int from = 0;
        for (int cut : cuts) {
            feed(bytes, from, cut);
            from = cut;
        }
        feed(bytes, from, bytes.length);
        if (close && !heard.ended) {
            parser.closed();
        }
    }

    private void feed(byte[] bytes, int from, int to) throws IOException {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes, from, to - from);
        try {
            parser.read(buf);
        } finally {
            buf.release();
        }
    }

    private void parse(String response) throws IOException {
        parse(response, false, false);
    }

    @Test
    void aKeptAliveResponseWithALengthIsReadWholeAndTheConnectionStays() throws IOException {
        parse("HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Length: 5\r\nX-Exit-Ip:  10.0.0.7 \r\n\r\nhello", false,
                false, 3, 20, 60);

        assertThat(heard.status).isEqualTo(200);
        assertThat(heard.headers.get("x-exit-ip")).isEqualTo("10.0.0.7");
        assertThat(heard.headers.get("Content-Length")).isEqualTo("5");
        assertThat(heard.bodyText()).isEqualTo("hello");
        assertThat(heard.ended).isTrue();
        assertThat(heard.reason).isNull();
    }

    @Test
    void aChunkedBodyWithExtensionsAndTrailersIsReadAndTheTrailersDropped() throws IOException {
        parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\n", false, false,
                50, 51, 70);

        assertThat(heard.bodyText()).isEqualTo("helloabcdefghijklmnopqrstuvwxyz");
        assertThat(heard.reason).isNull();
    }

    @Test
    void aBodyWithoutFramingRunsUntilTheCloseAndTheConnectionEnds() throws IOException {
        parse("HTTP/1.1 200 OK\r\nServer: old\r\n\r\nuntil the end", false, false);
        assertThat(heard.ended).isFalse();

        assertThat(parser.closed()).isTrue();
        assertThat(heard.bodyText()).isEqualTo("until the end");
        assertThat(heard.reason).isEqualTo(CloseReason.SERVER_CLOSE);
    }

    @Test
    void aResponseCutShortIsNotEndedByTheClose() throws IOException {
        parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf", false, false);

        assertThat(parser.closed()).isFalse();
        assertThat(heard.ended).isFalse();
    }

    @Test
    void theResponseToAHeadAnd204And304HaveNoBody() throws IOException {
        parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true, false);
        assertThat(heard.ended).isTrue();
        assertThat(heard.reason).isNull();

        for (String status : List.of("204 No Content", "304 Not Modified")) {
            Heard h = new Heard();
            ResponseParser p = new ResponseParser(h);
            p.start(false);
            p.read(Unpooled.copiedBuffer("HTTP/1.1 " + status + "\r\nContent-Length: 10\r\n\r\n",
                    StandardCharsets.ISO_8859_1));
            assertThat(h.ended).as(status).isTrue();
            assertThat(h.body.size()).isZero();
        }
    }

    @Test
    void interimResponsesAreSkippedForTheFinalOne() throws IOException {
        parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok", false, false, 10, 30);

        assertThat(heard.heads).isEqualTo(1);
        assertThat(heard.status).isEqualTo(201);
        assertThat(heard.headers.contains("Link")).isFalse();
        assertThat(heard.bodyText()).isEqualTo("ok");
    }

    @Test
    void theServerSaysWhetherTheConnectionStays() throws IOException {
        assertThat(reasonOf("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"))
                .isEqualTo(CloseReason.SERVER_CLOSE);
        assertThat(reasonOf("HTTP/1.1 200 OK\r\nConnection: Upgrade, Close\r\nContent-Length: 0\r\n\r\n"))
                .isEqualTo(CloseReason.SERVER_CLOSE);
        assertThat(reasonOf("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")).isEqualTo(CloseReason.SERVER_CLOSE);
        assertThat(reasonOf("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")).isNull();
        assertThat(reasonOf("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n"))
                .as("both framings: the connection ends (RFC 9112 6.3)").isEqualTo(CloseReason.SERVER_CLOSE);
        assertThat(reasonOf("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n"))
                .as("bytes after the response").isEqualTo(CloseReason.ERROR);
    }

    private static CloseReason reasonOf(String response) throws IOException {
        Heard h = new Heard();
        ResponseParser p = new ResponseParser(h);
        p.start(false);
        p.read(Unpooled.copiedBuffer(response, StandardCharsets.ISO_8859_1));
        assertThat(h.ended).isTrue();
        return h.reason;
    }

    @Test
    void aFoldedValueIsJoinedWithOneSpace() throws IOException {
        parse("HTTP/1.1 200 OK\r\nX-Long: first\r\n  second\r\n\tthird\r\nContent-Length: 0\r\n\r\n");

        assertThat(heard.headers.get("x-long")).isEqualTo("first second third");
        assertThat(heard.headers.size()).isEqualTo(2);
    }

    @Test
    void whatIsNotAResponseIsRefusedWithWhatIsWrong() {
        assertRefused("HTTP/2 200\r\n\r\n", "not an HTTP/1.1 status line: HTTP/2 200");
        assertRefused("HTTP/1.1 20 OK\r\n\r\n", "not an HTTP/1.1 status line");
        assertRefused("SSH-2.0-OpenSSH\r\n\r\n", "not an HTTP/1.1 status line");
        assertRefused("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "a field line without a name and a colon");
        assertRefused("HTTP/1.1 200 OK\r\n: no name\r\n\r\n", "a field line without a name and a colon");
        assertRefused("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "a field name with a space or control byte");
        assertRefused("HTTP/1.1 200 OK\r\nContent-Length: 12x\r\n\r\n", "a Content-Length that is not one length");
        assertRefused("HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\n", "not one length");
        assertRefused("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", "not one length");
        assertRefused("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", "not one length");
        assertRefused("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n x\r\n\r\n", "a folded line continues a framing field");
        assertRefused("HTTP/1.1 200 OK\r\n folded\r\n\r\n", "a folded line continues no field");
        assertRefused("HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "Transfer-Encoding in an HTTP/1.0");
        assertRefused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "a chunk size that is not hex");
        assertRefused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n;x\r\n", "a chunk-size line without a size");
        assertRefused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX", "not followed by CRLF");
        assertRefused("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\r\n0\r\n\r\n",
                "not followed by CRLF");
        assertRefused("HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(ResponseParser.MAX_HEAD_BYTES) + "\r\n\r\n",
                "response head larger than " + ResponseParser.MAX_HEAD_BYTES + " bytes");
    }

    @Test
    void aChunkEndArrivingAByteAtATimeIsRead() throws IOException {
        String response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n";
        int dataEnd = response.indexOf("ab") + 2;
        parse(response, false, false, dataEnd, dataEnd + 1, dataEnd + 2);

        assertThat(heard.bodyText()).isEqualTo("ab");
        assertThat(heard.ended).isTrue();
    }

    @Test
    void headContentLengthValuesThatRepeatTheSameLengthAreOne() throws IOException {
        parse("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\nabc");

        assertThat(heard.bodyText()).isEqualTo("abc");
        assertThat(heard.reason).isNull();
    }

    @Test
    void emptyLinesBeforeTheStatusLineAndBareLineFeedsAreRead() throws IOException {
        parse("\r\n\nHTTP/1.1 200 OK\nContent-Length: 2\nX-A: b\n\nok", false, false, 1, 2, 4);

        assertThat(heard.headers.get("X-A")).isEqualTo("b");
        assertThat(heard.bodyText()).isEqualTo("ok");
    }

    @Test
    void aHeadLargerThanTheParsersFirstArrayIsReadWholeWhetherItComesAtOnceOrInPieces() throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
        for (int i = 0; head.length() < 3_000; i++) {
            head.append("X-Field-").append(i).append(": value ").append(i).append("\r\n");
        }
        String response = head + "Content-Length: 5\r\n\r\nhello";
        for (int[] cuts : new int[][] {{}, {7}, {600, 601, 2_000}, {response.length() - 6}}) {
            Heard h = new Heard();
            ResponseParser p = new ResponseParser(h);
            p.start(false);
            byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
            int from = 0;
            for (int cut : concat(cuts, bytes.length)) {
                ByteBuf buf = Unpooled.wrappedBuffer(bytes, from, cut - from);
                p.read(buf);
                assertThat(buf.isReadable()).as("cut %s", List.of(cuts)).isFalse();
                buf.release();
                from = cut;
            }
            assertThat(h.status).isEqualTo(200);
            assertThat(h.headers.get("x-field-99")).isEqualTo("value 99");
            assertThat(h.body.toString(StandardCharsets.ISO_8859_1)).isEqualTo("hello");
            assertThat(h.ended).isTrue();
            assertThat(h.reason).isNull();

            // The next response on the connection, a short head and a long body in one buffer, with the grown array.
            h.body.reset();
            h.ended = false;
            String body = "b".repeat(5_000);
            p.start(false);
            ByteBuf next = Unpooled.copiedBuffer("HTTP/1.1 201 Created\r\nContent-Length: 5000\r\n\r\n" + body,
                    StandardCharsets.ISO_8859_1);
            p.read(next);
            assertThat(next.isReadable()).isFalse();
            next.release();
            assertThat(h.status).isEqualTo(201);
            assertThat(h.headers.get("x-field-99")).isNull();
            assertThat(h.body.toString(StandardCharsets.ISO_8859_1)).isEqualTo(body);
            assertThat(h.ended).isTrue();
        }
    }

    @Test
    void aHeadOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws IOException {
        String start = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX-Pad: ";
        String end = "\r\n\r\n";
        String exact = start + "a".repeat(ResponseParser.MAX_HEAD_BYTES - start.length() - end.length()) + end;
        assertThat(exact).hasSize(ResponseParser.MAX_HEAD_BYTES);
        parse(exact + "\r\n");

        assertThat(heard.status).isEqualTo(200);
        assertThat(heard.ended).as("the bytes after it are left unread").isTrue();
        assertThat(heard.reason).as("a server that sends more than asked for").isEqualTo(CloseReason.ERROR);
        assertRefused(start + "a" + exact.substring(start.length()), "response head larger than");
    }

    private static int[] concat(int[] cuts, int last) {
        int[] all = java.util.Arrays.copyOf(cuts, cuts.length + 1);
        all[cuts.length] = last;
        return all;
    }

    private void assertRefused(String response, String message) {
        Heard h = new Heard();
        ResponseParser p = new ResponseParser(h);
        p.start(false);
        assertThatThrownBy(() -> p.read(Unpooled.copiedBuffer(response, StandardCharsets.ISO_8859_1)))
                .as(response).isInstanceOf(IOException.class).hasMessageContaining(message);
    }

    /**
     * Random responses, cut at random places, read by this parser and by Netty's decoder: the same status, the same
     * fields in the same order, the same body, and the connection kept exactly when Netty's rules keep it.
     */
    @Test
    void readsWhatNettysDecoderReadsForRandomResponses() throws IOException {
        Random random = new Random(20261202);
        String[] names = {"Server", "date", "Content-Type", "X-Exit-Ip", "set-cookie", "Cache-Control", "ETag",
            "x-proxy-session", "Vary"};
        int[] statuses = {200, 200, 200, 201, 204, 301, 304, 404, 407, 429, 500, 503};
        for (int round = 0; round < 2_000; round++) {
            // Netty's decoder refuses a bare LF ending a line, which this parser reads (RFC 9112 2.2; tested above).
            String eol = "\r\n";
            boolean http10 = random.nextInt(8) == 0;
            int status = statuses[random.nextInt(statuses.length)];
            StringBuilder head = new StringBuilder();
            if (random.nextInt(6) == 0) {
                head.append("HTTP/1.1 100 Continue").append(eol).append(eol);
            }
            head.append(http10 ? "HTTP/1.0 " : "HTTP/1.1 ").append(status).append(" Reason ").append(round)
                    .append(eol);
            int fields = random.nextInt(8);
            for (int i = 0; i < fields; i++) {
                head.append(names[random.nextInt(names.length)]).append(':')
                        .append(" ".repeat(random.nextInt(3))).append(value(random))
                        .append(" ".repeat(random.nextInt(2))).append(eol);
            }
            int connection = random.nextInt(4);
            if (connection == 1) {
                head.append("Connection: close").append(eol);
            } else if (connection == 2) {
                head.append("Connection: keep-alive").append(eol);
            }
            boolean noBody = status == 204 || status == 304;
            String body = noBody ? "" : value(random).repeat(random.nextInt(4));
            int framing = noBody ? 0 : random.nextInt(3);
            if (framing == 1 && http10) {
                framing = 0;
            }
            StringBuilder wire = new StringBuilder(head);
            if (framing == 0) {
                wire.append("Content-Length: ").append(body.length()).append(eol).append(eol).append(body);
            } else if (framing == 1) {
                wire.append("Transfer-Encoding: chunked").append(eol).append(eol);
                for (int at = 0; at < body.length(); ) {
                    int n = 1 + random.nextInt(body.length() - at);
                    wire.append(Integer.toHexString(n)).append(random.nextBoolean() ? ";ext=1" : "").append("\r\n")
                            .append(body, at, at + n).append("\r\n");
                    at += n;
                }
                wire.append("0\r\n").append(random.nextBoolean() ? "X-Trailer: t\r\n" : "").append("\r\n");
            } else {
                wire.append(eol).append(body);
            }
            String response = wire.toString();
            boolean untilClose = framing == 2;

            Heard h = new Heard();
            ResponseParser p = new ResponseParser(h);
            p.start(false);
            byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
            int cut1 = random.nextInt(bytes.length + 1);
            int cut2 = cut1 + random.nextInt(bytes.length - cut1 + 1);
            for (int[] piece : new int[][] {{0, cut1}, {cut1, cut2}, {cut2, bytes.length}}) {
                ByteBuf buf = Unpooled.wrappedBuffer(bytes, piece[0], piece[1] - piece[0]);
                p.read(buf);
                buf.release();
            }
            if (untilClose) {
                assertThat(p.closed()).isTrue();
            }

            Netty netty = Netty.read(bytes, untilClose);
            String what = "round " + round + ":\n" + response;
            assertThat(h.ended).as(what).isTrue();
            assertThat(h.status).as(what).isEqualTo(netty.response.status().code());
            assertThat(fields(h.headers)).as(what).isEqualTo(fields(netty.response.headers()));
            for (Map.Entry<String, String> field : netty.response.headers()) {
                assertThat(h.headers.values(field.getKey())).as(what)
                        .isEqualTo(netty.response.headers().getAll(field.getKey()));
            }
            assertThat(HeaderLines.headers(rawFields(response, eol)).get("x-exit-ip")).as(what)
                    .isEqualTo(netty.response.headers().get("x-exit-ip"));
            assertThat(h.bodyText()).as(what).isEqualTo(netty.body);
            boolean nettyKeeps = HttpUtil.isKeepAlive(netty.response) && !untilClose;
            assertThat(h.reason == null).as(what).isEqualTo(nettyKeeps);
        }
    }

    private static String value(Random random) {
        String chars = "abcXYZ019 -_=;,/:\"";
        StringBuilder v = new StringBuilder("v");
        for (int i = random.nextInt(12); i > 0; i--) {
            v.append(chars.charAt(random.nextInt(chars.length())));
        }
        return v.append('z').toString();
    }

    /** The field lines of the final response's head in {@code response}, as the parser keeps them. */
    private static byte[] rawFields(String response, String eol) {
        int finalHead = response.lastIndexOf("HTTP/1.");
        int fieldsStart = response.indexOf('\n', finalHead) + 1;
        int headEnd = response.indexOf(eol + eol, finalHead);
        return response.substring(fieldsStart, headEnd + eol.length()).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<String> fields(Iterable<Map.Entry<String, String>> headers) {
        List<String> list = new ArrayList<>();
        headers.forEach(e -> list.add(e.getKey() + "=" + e.getValue()));
        return list;
    }

    /** What Netty's decoder read: the final response and its body. */
    private record Netty(HttpResponse response, String body) {
        static Netty read(byte[] bytes, boolean close) {
            EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder());
            channel.writeInbound(Unpooled.wrappedBuffer(bytes));
            if (close) {
                channel.finish();
            }
            HttpResponse response = null;
            StringBuilder body = new StringBuilder();
            for (Object o; (o = channel.readInbound()) != null; ) {
                if (o instanceof HttpResponse r && r.status().code() >= 200) {
                    assertThat(r.decoderResult().isSuccess()).as(r.decoderResult().toString()).isTrue();
                    response = r;
                }
                if (response != null && o instanceof HttpContent c) {
                    body.append(c.content().toString(StandardCharsets.ISO_8859_1));
                }
                ReferenceCountUtil.release(o);
            }
            channel.finishAndReleaseAll();
            return new Netty(response, body.toString());
        }
    }
}
