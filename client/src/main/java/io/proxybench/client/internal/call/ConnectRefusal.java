package io.proxybench.client.internal.call;

import io.netty.handler.proxy.HttpProxyHandler;
import io.proxybench.client.internal.connect.RefusalReason;
import io.proxybench.client.internal.connect.TunnelRefusedException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The status and reason with which a proxy refused a CONNECT, read from the exception the tunnel failed with: the
 * client's own {@link TunnelRefusedException}, or Netty's {@link HttpProxyHandler.HttpProxyConnectException} as such.
 */
public final class ConnectRefusal {

    /**
     * Netty's {@link HttpProxyHandler} names the status only in its message: {@code http, basic, /proxy => target,
     * status: 407 Proxy Authentication Required}.
     */
    private static final Pattern NETTY_STATUS = Pattern.compile(", status: (\\d{3})\\b");

    private ConnectRefusal() {
    }

    /** The refusal's HTTP status (e.g. 407, 502), or 0 when {@code failure} is no refused CONNECT. */
    public static int status(Throwable failure) {
        if (failure instanceof TunnelRefusedException refused) {
            return refused.status();
        }
        if (failure instanceof HttpProxyHandler.HttpProxyConnectException && failure.getMessage() != null) {
            Matcher m = NETTY_STATUS.matcher(failure.getMessage());
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return 0;
    }

    /**
     * Why the proxy refused, in its words ({@link RefusalReason}); of Netty's exception as such only what its headers
     * say, since it keeps no body.
     *
     * @return the reason, or null when {@code failure} is no refused CONNECT or the proxy gave none
     */
    public static String reason(Throwable failure) {
        if (failure instanceof TunnelRefusedException refused) {
            return refused.reason();
        }
        if (failure instanceof HttpProxyHandler.HttpProxyConnectException netty && netty.headers() != null
                && status(failure) > 0) {
            return RefusalReason.of(netty.headers());
        }
        return null;
    }
}
