package io.proxybench.client.metrics;

import io.proxybench.client.proxy.ProxySpec;
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
        String user = proxy.credentials().user();
        String session = "";
        try {
            var parsed = SessionSyntax.parse(user, proxy.credentials().password());
            user = parsed.user();
            session = parsed.session().suffix();
        } catch (SessionSyntaxException e) {
            // Credentials that carry no readable session are labelled by their user as given.
        }
        return proxy.scheme().text() + "://" + user + "@" + proxy.endpoint() + (session.isEmpty() ? "" : " " + session);
    }
}
