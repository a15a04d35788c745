package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.NetUtil;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.exits.SessionTable;
import io.proxybench.lab.faults.Injection;
import io.proxybench.net.Transport;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A stranger's SOCKS5 request (RFC 1928 section 4) after a greeting and a password the gateway accepts, through the
 * real sniffer and SOCKS5 frontend: the gateway answers with one valid reply and closes, closes without a reply, or
 * waits for more; no exception reaches the end of the pipeline. A name other than {@code localhost} is refused before
 * any lookup (the lab allows loopback only); IP literals and loopback names resolve without DNS (see
 * {@link #RESOLVER}). The exits dial on the embedded channel's loop, which cannot carry a socket, so a dial fails at
 * once: no input reaches the network, and an allowed destination is answered "connection refused".
 */
class Socks5RequestFuzzTest {

    private static final String USER = "fuzz-user";
    private static final String PASSWORD = "N8v2kQpX4mT7wZ1rL5sD9hJ3bC6yF0aE";
    private static final GatewayConfig DEFAULTS = GatewayConfig.defaults();
    private static final GatewayConfig CONFIG = new GatewayConfig(DEFAULTS.host(), DEFAULTS.port(),
            DEFAULTS.tlsPort(), ProxyAuth.account(USER, PASSWORD), DEFAULTS.connectReply(),
            DEFAULTS.forwardIdleCap(), DEFAULTS.forwardIdleTimeout(), DEFAULTS.maxHeaderBytes(),
            DEFAULTS.idleTimeout(), DEFAULTS.headerTimeout(), DEFAULTS.maxClientConnections(),
            DEFAULTS.maxConcurrencyPerUser(), DEFAULTS.connectTimeout(), DEFAULTS.h2MaxStreams(),
            DEFAULTS.h2MaxResets(), DEFAULTS.h2(), DEFAULTS.destinations(), DEFAULTS.latency(), DEFAULTS.faults());
    private static final SessionTable SESSIONS = new SessionTable(ExitPool.generate(16, 7), Duration.ofMinutes(10), null);
    /** Version 5, one method: username/password. */
    private static final byte[] GREETING = {5, 1, 2};
    private static final byte[] AUTH = auth();
    /**
     * IP literals as themselves; a name of even length as 127.0.0.(length), inside the lab's default allowlist;
     * any other name does not resolve.
     */
    private static final Resolver RESOLVER = host -> {
        byte[] literal = NetUtil.createByteArrayFromIpAddressString(host);
        try {
            if (literal != null) {
                return CompletableFuture.completedFuture(InetAddress.getByAddress(host, literal));
            }
            if (host.length() % 2 == 0) {
                return CompletableFuture.completedFuture(
                        InetAddress.getByAddress(host, new byte[] {127, 0, 0, (byte) host.length()}));
            }
        } catch (UnknownHostException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CompletableFuture.failedFuture(new UnknownHostException(host));
    };

    @FuzzTest(maxDuration = "20s")
    void aRequestGetsOneReplyAndACloseOrNoExceptionAtAll(byte[] request) {
        GatewayCounters counters = new GatewayCounters();
        Injection injection = new Injection(CONFIG.faults(), CONFIG.latency());
        ExitDialer dialer = new ExitDialer(Transport.current(), injection, 1_000, counters);
        GatewayContext gw = new GatewayContext(CONFIG, SESSIONS, counters, injection, dialer, null, RESOLVER);
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast("sniffer", new ProtocolSniffer(gw));
        ch.writeInbound(Unpooled.wrappedBuffer(GREETING));
        assertThat(reply(ch)).as("method selection").containsExactly(5, 2);
        ch.writeInbound(Unpooled.wrappedBuffer(AUTH));
        assertThat(reply(ch)).as("auth status").containsExactly(1, 0);
        // Two writes, so the decoder also sees a request split across reads; the second only if the gateway has not
        // closed the connection after the first.
        int half = request.length / 2;
        ch.writeInbound(Unpooled.copiedBuffer(request, 0, half));
        if (ch.isOpen()) {
            ch.writeInbound(Unpooled.copiedBuffer(request, half, request.length - half));
        }
        ch.runPendingTasks();
        ch.checkException();
        byte[] reply = reply(ch);
        if (reply != null) {
            // VER 5, REP 1..8 (no tunnel can open here), RSV 0, ATYP IPv4, a zero address and port.
            assertThat(reply).hasSize(10);
            assertThat(reply[0]).isEqualTo((byte) 5);
            assertThat(reply[1]).isBetween((byte) 1, (byte) 8);
            assertThat(reply[2]).isZero();
            assertThat(reply[3]).isEqualTo((byte) 1);
            assertThat(ch.isOpen()).as("closed after the reply").isFalse();
            assertThat(reply(ch)).as("one reply").isNull();
        }
        assertThat(counters.snapshot().upstreamDials()).isLessThanOrEqualTo(1);
        ch.finishAndReleaseAll();
        ch.checkException();
    }

    /** The next message the gateway wrote, or null. */
    private static byte[] reply(EmbeddedChannel ch) {
        ByteBuf out = ch.readOutbound();
        if (out == null) {
            return null;
        }
        try {
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    private static byte[] auth() {
        byte[] user = USER.getBytes(StandardCharsets.US_ASCII);
        byte[] password = PASSWORD.getBytes(StandardCharsets.US_ASCII);
        ByteBuf b = Unpooled.buffer();
        b.writeByte(1).writeByte(user.length).writeBytes(user).writeByte(password.length).writeBytes(password);
        byte[] bytes = ByteBufUtil.getBytes(b);
        b.release();
        return bytes;
    }
}
