package io.proxybench.client.proxy;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/** The {@link ProxySelection}s its factories make; each {@code toString} masks passwords. */
final class Selections {

    private Selections() {}

    /** Every request direct. */
    enum Direct implements ProxySelection {
        INSTANCE;

        @Override
        public ProxySpec select(URI uri) {
            return null;
        }

        @Override
        public String toString() {
            return "direct";
        }
    }

    /** Every request through {@code proxy}. */
    record Fixed(ProxySpec proxy) implements ProxySelection {
        @Override
        public ProxySpec select(URI uri) {
            return proxy;
        }

        @Override
        public String toString() {
            return proxy.toString();
        }
    }

    /** {@code selection}'s proxy, except for the hosts {@code bypass} matches. */
    record Bypassing(ProxySelection selection, ProxyBypass bypass) implements ProxySelection {
        @Override
        public ProxySpec select(URI uri) {
            return bypass.matches(uri.getHost(), port(uri)) ? null : selection.select(uri);
        }

        @Override
        public String toString() {
            return selection + " except " + bypass;
        }
    }

    /**
     * The proxy per URL scheme that environment variables name, curl's way (see
     * {@link ProxySelection#fromEnvironment(Map)}).
     *
     * @param http for {@code http://} URLs, or null
     * @param https for {@code https://} URLs, or null
     * @param all for URLs whose scheme has none, or null
     * @param bypass the hosts that go direct
     * @param shown the variables read, e.g. {@code https_proxy=http://u:****@gw:8080}
     */
    record ByScheme(ProxySpec http, ProxySpec https, ProxySpec all, ProxyBypass bypass, String shown)
            implements ProxySelection {

        static ByScheme of(Map<String, String> env) {
            StringJoiner shown = new StringJoiner(", ", "environment ", "");
            ProxySpec http = proxy(env, shown, "http_proxy");
            ProxySpec https = proxy(env, shown, "https_proxy", "HTTPS_PROXY");
            ProxySpec all = proxy(env, shown, "all_proxy", "ALL_PROXY");
            String noProxy = set(env, "no_proxy", "NO_PROXY");
            ProxyBypass bypass = noProxy == null ? ProxyBypass.none() : ProxyBypass.noProxy(env.get(noProxy), noProxy);
            if (noProxy != null) {
                shown.add(noProxy + "=" + env.get(noProxy).strip());
            }
            return new ByScheme(http, https, all, bypass, shown.length() == "environment ".length()
                    ? "environment (no proxy variables)" : shown.toString());
        }

        @Override
        public ProxySpec select(URI uri) {
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            ProxySpec proxy = scheme.equals("https") ? https : scheme.equals("http") ? http : null;
            proxy = proxy != null ? proxy : all;
            return proxy == null || bypass.matches(uri.getHost(), port(uri)) ? null : proxy;
        }

        @Override
        public String toString() {
            return shown;
        }

        /** The first of {@code names} that is set and not blank, or null. */
        private static String set(Map<String, String> env, String... names) {
            for (String name : names) {
                String value = env.get(name);
                if (value != null && !value.isBlank()) {
                    return name;
                }
            }
            return null;
        }

        private static ProxySpec proxy(Map<String, String> env, StringJoiner shown, String... names) {
            String name = set(env, names);
            if (name == null) {
                return null;
            }
            String text = env.get(name).strip();
            int sep = text.indexOf("://");
            if (sep < 0) {
                text = "http://" + text;
            } else if (ProxyScheme.of(text.substring(0, sep)) == null) {
                throw new IllegalArgumentException(name + " is " + ProxySpec.redact(text) + ", whose scheme \""
                        + text.substring(0, sep) + "\" the client does not support; use "
                        + Arrays.stream(ProxyScheme.values()).map(s -> s.text() + "://")
                                .collect(Collectors.joining(", ")));
            }
            ProxySpec proxy;
            try {
                proxy = ProxySpec.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
            }
            shown.add(name + "=" + proxy);
            return proxy;
        }
    }

    /** The URL's port, or its scheme's default: 443 for https and wss, else 80. */
    static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme.equals("https") || scheme.equals("wss") ? 443 : 80;
    }
}
