package io.proxybench.client.internal.metrics;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionParams;

/**
 * Names an exit for counters and reports: scheme, account user, endpoint and the session the credentials ask for in
 * the lab's form whatever the provider's dialect, e.g. {@code http://user@127.0.0.1:3128 _session-abc}. Never the
 * password.
 */
public final class ExitLabel {

    public static final String DIRECT = "direct";

    private ExitLabel() {}

    /**
     * @param account the account's user without session parameters, or null when the proxy has no credentials
     * @param session what the credentials ask for, or null when unknown
     */
    public static String of(ProxySpec proxy, String account, SessionParams session) {
        if (proxy == null) {
            return DIRECT;
        }
        if (proxy.credentials() == null) {
            return proxy.toString();
        }
        String suffix = session == null ? "" : session.suffix();
        return proxy.scheme().text() + "://" + account + "@" + proxy.endpoint() + (suffix.isEmpty() ? "" : " " + suffix);
    }
}
