package io.proxybench.client.internal.call;

import io.netty.handler.proxy.HttpProxyHandler;
import io.proxybench.client.internal.connect.StreamRefusedException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The status with which a proxy refused a CONNECT, read from the exception the tunnel failed with. */
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
        if (failure instanceof StreamRefusedException refused) {
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
}
