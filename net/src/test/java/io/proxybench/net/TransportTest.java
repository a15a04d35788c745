package io.proxybench.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslProvider;
import org.junit.jupiter.api.Test;

class TransportTest {

    @Test
    void nioCanBeForcedAndSaysWhy() {
        Transport nio = Transport.detect("nio");
        assertThat(nio.nativeTransport()).isFalse();
        assertThat(nio.socketChannel()).isEqualTo(NioSocketChannel.class);
        assertThat(nio.describe()).startsWith("nio (").contains("proxybench.transport=nio");
    }

    @Test
    void defaultIsEpollWhenItLoadsElseNioWithTheReason() {
        Transport chosen = Transport.detect("");
        if (io.netty.channel.epoll.Epoll.isAvailable()) {
            assertThat(chosen.name()).isEqualTo("epoll");
            assertThat(chosen.describe()).isEqualTo("epoll (native)");
        } else {
            assertThat(chosen.name()).isEqualTo("nio");
            assertThat(chosen.fallbackReason()).isNotBlank();
        }
    }

    @Test
    void unknownTransportIsRejectedWithTheChoices() {
        assertThatThrownBy(() -> Transport.detect("kqueue")).hasMessageContaining("use epoll, io_uring or nio");
    }

    @Test
    void serversTakeIoUringWhereItLoadsUnlessATransportIsAskedFor() {
        Transport servers = Transport.detectServers("");
        assertThat(servers.name()).isEqualTo(
                io.netty.channel.uring.IoUring.isAvailable() ? "io_uring" : Transport.current().name());
        assertThat(Transport.detectServers("nio").name()).isEqualTo("nio");
        assertThat(Transport.detectServers(" ").name()).isEqualTo(servers.name());
        if (!io.netty.channel.uring.IoUring.isAvailable()) {
            assertThat(servers.describe()).as("says why io_uring is not used").contains("io_uring unavailable: ");
        }
        Transport epoll = Transport.detect("epoll");
        Transport fallenBack = new Transport(epoll.name(), true, epoll.socketChannel(), epoll.serverChannel(),
                epoll.ioHandlers(), "io_uring unavailable: kernel.io_uring_disabled=2");
        assertThat(fallenBack.describe()).isEqualTo("epoll (native; io_uring unavailable: kernel.io_uring_disabled=2)");
    }

    @Test
    void ioUringCanBeAskedForAndFailsWithTheKernelsReasonWhereItDoesNotLoad() throws Exception {
        if (!io.netty.channel.uring.IoUring.isAvailable()) {
            assertThatThrownBy(() -> Transport.detect("io_uring")).isInstanceOf(UnsatisfiedLinkError.class);
            return;
        }
        Transport uring = Transport.detect("io_uring");
        assertThat(uring.describe()).isEqualTo("io_uring (native)");
        assertThat(uring.socketChannel()).isEqualTo(io.netty.channel.uring.IoUringSocketChannel.class);
        var group = uring.newGroup(1);
        assertThat(group.next().submit(() -> 42).get()).isEqualTo(42);
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
    }

    @Test
    void groupsOfTheChosenTransportStartAndStop() throws Exception {
        var group = Transport.detect("nio").newGroup(1);
        assertThat(group.next().submit(() -> 42).get()).isEqualTo(42);
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
    }

    @Test
    void jdkTlsCanBeForcedAndOpenSslIsTheDefaultWhenItLoads() {
        assertThat(TlsEngine.detect("jdk").provider()).isEqualTo(SslProvider.JDK);
        TlsEngine chosen = TlsEngine.detect("");
        assertThat(chosen.provider()).isEqualTo(
                io.netty.handler.ssl.OpenSsl.isAvailable() && io.netty.handler.ssl.OpenSsl.isAlpnSupported()
                        ? SslProvider.OPENSSL : SslProvider.JDK);
        assertThatThrownBy(() -> TlsEngine.detect("rustls")).hasMessageContaining("use openssl or jdk");
    }
}
