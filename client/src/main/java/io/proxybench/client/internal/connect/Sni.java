package io.proxybench.client.internal.connect;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.NetUtil;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * SNI as curl sends it: the host name the request uses (without a trailing dot), {@code localhost} and other names
 * without a dot included, and none for an IP literal. Both engines leave out names without a dot on their own (as an
 * old reading of RFC 6066 has it), so the name is set here; the peer host and port given to the engine stay what
 * hostname verification checks.
 */
final class Sni {

    private Sni() {}

    /** A client handler of {@code context} for {@code host}:{@code port} that sends {@code host} as SNI. */
    static SslHandler handler(SslContext context, ByteBufAllocator alloc, String host, int port) {
        SslHandler handler = context.newHandler(alloc, host, port);
        String name = name(host);
        if (name != null) {
            SSLEngine engine = handler.engine();
            SSLParameters parameters = engine.getSSLParameters();
            parameters.setServerNames(List.of(new SNIHostName(name)));
            engine.setSSLParameters(parameters);
        }
        return handler;
    }

    /** The SNI name for {@code host}, or null for an IP literal or a name SNI cannot carry (e.g. with a {@code _}). */
    static String name(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (NetUtil.isValidIpV4Address(bare) || NetUtil.isValidIpV6Address(bare)) {
            return null;
        }
        String name = bare.endsWith(".") ? bare.substring(0, bare.length() - 1) : bare;
        try {
            return new SNIHostName(name).getAsciiName().toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException notAnSniName) {
            return null;
        }
    }
}
