package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Http1CodecTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new Http1Codec());

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aRepeatedHeaderNameAndStatusLineAreTheSameObjectsAndReadTheSame() {
        HttpResponse first = response("HTTP/1.1 200 OK\r\nServer: lab\r\nContent-Length: 2\r\nX-Exit: 10.0.0.1\r\n\r\nhi");
        HttpResponse second = response("HTTP/1.1 200 OK\r\nServer: lab\r\nContent-Length: 2\r\nX-Exit: 10.0.0.2\r\n\r\nho");

        assertThat(second.headers().get("x-exit")).isEqualTo("10.0.0.2");
        assertThat(first.headers().get("X-Exit")).isEqualTo("10.0.0.1");
        assertThat(names(second)).containsExactly("Server", "Content-Length", "X-Exit");
        for (int i = 0; i < 3; i++) {
            assertThat(nameObjects(second).get(i)).isSameAs(nameObjects(first).get(i));
        }
        assertThat(second.status().reasonPhrase()).isSameAs(first.status().reasonPhrase());
        assertThat(second.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_1);
    }

    @Test
    void aNameThatDiffersInCaseOrAStatusThatDiffersIsReadAsSent() {
        response("HTTP/1.1 200 OK\r\nX-Exit: a\r\nContent-Length: 0\r\n\r\n");
        HttpResponse other = response("HTTP/1.1 503 Service Unavailable\r\nx-exit: b\r\nContent-Length: 0\r\n\r\n");

        assertThat(names(other)).containsExactly("x-exit", "Content-Length");
        assertThat(other.status().code()).isEqualTo(503);
        assertThat(other.status().reasonPhrase()).isEqualTo("Service Unavailable");
    }

    @Test
    void moreDistinctNamesThanItRemembersAreAllReadRight() {
        for (int round = 0; round < 3; round++) {
            StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n");
            for (int i = 0; i < 40; i++) {
                head.append("X-H").append(round).append('-').append(i).append(": v").append(i).append("\r\n");
            }
            HttpResponse r = response(head.append("\r\n").toString());
            for (int i = 0; i < 40; i++) {
                assertThat(r.headers().get("X-H" + round + "-" + i)).isEqualTo("v" + i);
            }
            assertThat(r.headers().size()).isEqualTo(41);
        }
    }

    @Test
    void theResponseToAHeadHasNoBodyAndTheNextResponseFollowsIt() {
        send(request(HttpMethod.HEAD, new DefaultHttpHeaders()));
        List<HttpObject> head = read("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n");
        assertThat(head).hasSize(2);
        assertThat(head.get(1)).isInstanceOf(LastHttpContent.class);
        assertThat(((HttpContent) head.get(1)).content().readableBytes()).isZero();
        release(head);

        send(request(HttpMethod.GET, new DefaultHttpHeaders()));
        List<HttpObject> get = read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        assertThat(body(get)).isEqualTo("abc");
        release(get);
    }

    @Test
    void anInterimResponseBeforeAHeadsFinalOneIsNotTakenForTheFinalOne() {
        send(request(HttpMethod.HEAD, new DefaultHttpHeaders()));
        List<HttpObject> objects = read("HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n");
        List<Integer> statuses = objects.stream().filter(o -> o instanceof HttpResponse)
                .map(o -> ((HttpResponse) o).status().code()).toList();
        assertThat(statuses).containsExactly(103, 200, 204);
        release(objects);
    }

    @Test
    void aHeaderMapSentAgainIsWrittenAsNettysCodecWritesIt() {
        HttpHeaders shared = new DefaultHttpHeaders().add("Host", "example.test").add("User-Agent", "proxybench")
                .add("Accept", "*/*");
        HttpHeaders other = new DefaultHttpHeaders().add("Host", "example.test").add("X-Other", "1");
        List<HttpHeaders> sequence = List.of(shared, shared, shared, other, shared, shared, other, other, other);
        EmbeddedChannel netty = new EmbeddedChannel(new HttpClientCodec());
        try {
            for (HttpHeaders headers : sequence) {
                String ours = send(request(HttpMethod.GET, headers));
                netty.writeOutbound(request(HttpMethod.GET, headers));
                assertThat(ours).isEqualTo(outbound(netty));
            }
        } finally {
            netty.finishAndReleaseAll();
        }
    }

    private static FullHttpRequest request(HttpMethod method, HttpHeaders headers) {
        return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, "/path?q=1", Unpooled.EMPTY_BUFFER, headers,
                EmptyHttpHeaders.INSTANCE);
    }

    private String send(FullHttpRequest request) {
        channel.writeOutbound(request);
        return outbound(channel);
    }

    private static String outbound(EmbeddedChannel ch) {
        StringBuilder text = new StringBuilder();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf buf = (ByteBuf) o;
            text.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return text.toString();
    }

    private List<HttpObject> read(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        List<HttpObject> objects = new ArrayList<>();
        for (Object o; (o = channel.readInbound()) != null; ) {
            objects.add((HttpObject) o);
        }
        return objects;
    }

    /** The response head of {@code bytes}, one whole response; its content is released. */
    private HttpResponse response(String bytes) {
        send(request(HttpMethod.GET, new DefaultHttpHeaders()));
        List<HttpObject> objects = read(bytes);
        assertThat(objects.get(objects.size() - 1)).isInstanceOf(LastHttpContent.class);
        release(objects);
        return (HttpResponse) objects.get(0);
    }

    private static String body(List<HttpObject> objects) {
        StringBuilder text = new StringBuilder();
        objects.stream().filter(o -> o instanceof HttpContent)
                .forEach(o -> text.append(((HttpContent) o).content().toString(StandardCharsets.ISO_8859_1)));
        return text.toString();
    }

    private static void release(List<HttpObject> objects) {
        objects.forEach(ReferenceCountUtil::release);
    }

    private static List<String> names(HttpResponse r) {
        return nameObjects(r).stream().map(CharSequence::toString).toList();
    }

    private static List<CharSequence> nameObjects(HttpResponse r) {
        List<CharSequence> names = new ArrayList<>();
        r.headers().iteratorCharSequence().forEachRemaining((Map.Entry<CharSequence, CharSequence> e) ->
                names.add(e.getKey()));
        return names;
    }
}
