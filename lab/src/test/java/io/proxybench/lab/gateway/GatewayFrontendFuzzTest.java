package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.proxybench.lab.faults.Injection;
import java.nio.charset.StandardCharsets;

/**
 * Raw bytes from a stranger on the gateway's plain port, through the real sniffer and the HTTP/1 or SOCKS5
 * frontend it installs: the gateway answers with a protocol-valid refusal, closes, or waits for more; no exception
 * reaches the end of the pipeline. The gateway has an account the fuzzer does not know, so no input opens a tunnel.
 */
class GatewayFrontendFuzzTest {

    private static final GatewayConfig DEFAULTS = GatewayConfig.defaults();
    private static final GatewayConfig CONFIG = new GatewayConfig(DEFAULTS.host(), DEFAULTS.port(),
            DEFAULTS.tlsPort(), ProxyAuth.account("fuzz-user", "N8v2kQpX4mT7wZ1rL5sD9hJ3bC6yF0aE"),
            DEFAULTS.connectReply(), DEFAULTS.forwardIdleCap(), DEFAULTS.forwardIdleTimeout(),
            DEFAULTS.maxHeaderBytes(), DEFAULTS.idleTimeout(), DEFAULTS.headerTimeout(),
            DEFAULTS.maxClientConnections(), DEFAULTS.maxConcurrencyPerUser(), DEFAULTS.connectTimeout(),
            DEFAULTS.h2MaxStreams(), DEFAULTS.h2MaxResets(), DEFAULTS.h2(), DEFAULTS.destinations(),
            DEFAULTS.latency(), DEFAULTS.faults());
    private static final Resolver NEVER_USED = host -> {
        throw new AssertionError("no input gets past the account, so none names a destination to resolve");
    };

    @FuzzTest(maxDuration = "20s")
    void rawBytesGetARefusalOrACloseAndNoException(byte[] input) {
        GatewayContext gw = new GatewayContext(CONFIG, null, new GatewayCounters(),
                new Injection(CONFIG.faults(), CONFIG.latency()), null, null, NEVER_USED);
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(HeadDeadline.NAME, new HeadDeadline(CONFIG.headerTimeout(), gw.counters()))
                .addLast("sniffer", new ProtocolSniffer(gw));
        // Two writes, so a frontend also sees a request split across reads; the second only if the gateway has not
        // closed the connection after the first.
        int half = input.length / 2;
        ch.writeInbound(Unpooled.copiedBuffer(input, 0, half));
        if (ch.isOpen()) {
            ch.writeInbound(Unpooled.copiedBuffer(input, half, input.length - half));
        }
        ch.runPendingTasks();
        ch.checkException();
        for (Object out; (out = ch.readOutbound()) != null; ) {
            ByteBuf bytes = (ByteBuf) out;
            try {
                byte first = bytes.getByte(bytes.readerIndex());
                if (first == 5 || first == 1) {
                    // SOCKS5 method selection (05 xx) or RFC 1929 auth status (01 xx): the refusals and the
                    // choice of username/password are all an unauthenticated client can get.
                    assertThat(bytes.readableBytes()).isEqualTo(2);
                } else {
                    assertThat(bytes.toString(StandardCharsets.US_ASCII)).matches("(?s)HTTP/1\\.1 4\\d\\d .*");
                }
            } finally {
                bytes.release();
            }
        }
        ch.finishAndReleaseAll();
        ch.checkException();
    }
}
