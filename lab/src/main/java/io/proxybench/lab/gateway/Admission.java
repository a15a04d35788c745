package io.proxybench.lab.gateway;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Who a proxy request (HTTP/1.1 CONNECT or forward, HTTP/2 CONNECT stream) comes from, by its
 * {@code Proxy-Authorization}, or the answer that turns it away: exactly one of the two is set. A refusal is
 * already counted (407 as an auth failure, 400 for malformed session parameters as a bad request).
 */
record Admission(Caller caller, FullHttpResponse refusal) {

    static final String REALM = "Basic realm=\"proxybench lab\"";

    /** @param proxyAuthorization the header's value, null when the client sent none */
    static Admission check(GatewayContext gw, String proxyAuthorization) {
        try {
            return new Admission(gw.config().auth().caller(proxyAuthorization), null);
        } catch (ProxyAuth.AuthException e) {
            gw.counters().authFailure();
            FullHttpResponse denied = Responses.text(HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED,
                    "proxy authentication required");
            denied.headers().set(HttpHeaderNames.PROXY_AUTHENTICATE, REALM);
            return new Admission(null, denied);
        } catch (IllegalArgumentException e) { // malformed session parameters
            gw.counters().badRequest();
            return new Admission(null, Responses.text(HttpResponseStatus.BAD_REQUEST,
                    "bad session parameters in the proxy credentials: " + e.getMessage()));
        }
    }
}
