package io.proxybench.analysis.diagnosis;

/**
 * What a diagnosis names besides the failures: where the requests went and where their credentials came from.
 *
 * @param proxy the proxy as {@code HOST:PORT} with its scheme ({@code http://127.0.0.1:3128}), no credentials; null
 *     when the requests went direct
 * @param hasCredentials whether the proxy was given a user name and password
 * @param credentialsFrom where the proxy and its credentials were given, e.g. {@code --proxy}, {@code --proxy-file
 *     proxies.txt} (whose first proxy {@code proxy} is) or {@code PROXY_USER and PROXY_PASS}
 * @param target the origin the requests were for, e.g. {@code https://127.0.0.1:8443}
 */
public record SetupContext(String proxy, boolean hasCredentials, String credentialsFrom, String target) {

    /** The proxy's {@code HOST:PORT}, without its scheme; the target's when direct. */
    String endpoint() {
        String where = proxy != null ? proxy : target;
        int scheme = where.indexOf("://");
        return scheme < 0 ? where : where.substring(scheme + 3);
    }
}
