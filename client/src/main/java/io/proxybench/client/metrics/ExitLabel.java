package io.proxybench.client.metrics;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.session.SessionParams;
import io.proxybench.client.session.SessionSyntax;
import io.proxybench.client.session.SessionSyntaxException;

/**
 * Names an exit for counters and reports: scheme, user, endpoint and the session the credentials ask for,
 * e.g. {@code http://user@127.0.0.1:3128 _session-abc}. Never the password.
 */
public final class ExitLabel {

    public static final String DIRECT = "direct";

    private ExitLabel() {}

    public static String of(ProxySpec proxy) {
        if (proxy == null) {
            return DIRECT;
        }
        if (proxy.credentials() == null) {
            return proxy.toString();
        }
        String session;
        try {
            SessionParams params = SessionSyntax.parse(proxy.credentials().user(), proxy.credentials().password())
                    .session();
            session = params.suffix();
        } catch (SessionSyntaxException e) {
            session = "";
        }
        String user = SessionSyntax.parse(proxy.credentials().user(), null).user();
        return proxy.scheme().text() + "://" + user + "@" + proxy.endpoint() + (session.isEmpty() ? "" : " " + session);
    }
}
