package io.proxybench.audit;

import io.proxybench.client.proxy.ProxyCredentials;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The {@code Proxy-Authorization} value of Basic credentials (RFC 7617), for clients that take a header. */
public final class ProxyBasic {

    public static final String HEADER = "Proxy-Authorization";

    private ProxyBasic() {}

    public static String value(ProxyCredentials credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(
                (credentials.user() + ":" + credentials.password()).getBytes(StandardCharsets.UTF_8));
    }
}
