package io.proxybench.client.internal.metrics;

import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxySpec;

/**
 * Names an exit for counters and reports: scheme, user, endpoint and the session the credentials ask for,
 * e.g. {@code http://user@127.0.0.1:3128 _session-abc}. Never the password.
 */
public final class ExitLabel {

    public static final String DIRECT = "direct";

    private ExitLabel() {}

    /**
     * @param credentials the proxy's account and session as parsed, or null when it has none or none readable
     */
    public static String of(ProxySpec proxy, ParsedCredentials credentials) {
        if (proxy == null) {
            return DIRECT;
        }
        if (proxy.credentials() == null) {
            return proxy.toString();
        }
        String user = credentials == null ? proxy.credentials().user() : credentials.user();
        String session = credentials == null ? "" : credentials.session().suffix();
        return proxy.scheme().text() + "://" + user + "@" + proxy.endpoint() + (session.isEmpty() ? "" : " " + session);
    }
}
