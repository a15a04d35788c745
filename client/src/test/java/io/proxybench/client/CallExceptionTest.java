package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyConnectException;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.connect.StreamRefusedException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class CallExceptionTest {

    @Test
    void aRefusedConnectIsLabelledWithTheProxysStatusAsTheSeedHarnessDoes() {
        HttpProxyHandler.HttpProxyConnectException netty = new HttpProxyHandler.HttpProxyConnectException(
                "http, basic, /127.0.0.1:3128 => 127.0.0.1:443, status: 407 Proxy Authentication Required",
                EmptyHttpHeaders.INSTANCE);

        assertThat(new CallException(Phase.CONNECT, netty).label()).isEqualTo("connect_407");
        assertThat(new CallException(Phase.CONNECT, new StreamRefusedException("127.0.0.1:443", 502, "")).label())
                .isEqualTo("connect_502");
    }

    @Test
    void otherFailuresAreLabelledWithTheirExceptionsName() {
        assertThat(new CallException(Phase.CONNECT, new ProxyConnectException("disconnected")).label())
                .isEqualTo("connect_ProxyConnectException");
        assertThat(new CallException(Phase.CONNECT, new HttpProxyHandler.HttpProxyConnectException("no status", null))
                .label()).isEqualTo("connect_HttpProxyConnectException");
        assertThat(new CallException(Phase.TCP, new ConnectException("refused")).label())
                .isEqualTo("tcp_ConnectException");
    }

    @Test
    void bytesAreUnknownUnlessGivenAndNeverInTheMessage() {
        CallException unknown = new CallException(Phase.TLS, new ConnectException("reset"));
        CallException counted = new CallException(Phase.TLS, new ConnectException("reset"), 517, 39, 556);

        assertThat(unknown.bytesKnown()).isFalse();
        assertThat(new long[] {unknown.bytesOut(), unknown.bytesIn(), unknown.handshakeBytes()})
                .containsOnly(CallException.UNKNOWN);
        assertThat(counted.bytesKnown()).isTrue();
        assertThat(new long[] {counted.bytesOut(), counted.bytesIn(), counted.handshakeBytes()})
                .containsExactly(517, 39, 556);
        assertThat(counted.getMessage()).isEqualTo(unknown.getMessage()).isEqualTo("tls: ConnectException: reset");
    }

    @Test
    void countsThatDoNotAddUpAreRefusedByName() {
        ConnectException cause = new ConnectException("reset");
        assertThatThrownBy(() -> new CallException(Phase.TLS, cause, 10, 10, 21))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("handshake 21");
        assertThatThrownBy(() -> new CallException(Phase.TLS, cause, 10, CallException.UNKNOWN, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in -1");
    }
}
