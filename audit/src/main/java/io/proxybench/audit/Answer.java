package io.proxybench.audit;

/**
 * What a client returned for one request.
 *
 * @param status the HTTP status from the origin
 * @param body the body, decoded as UTF-8; empty when the client gave none
 * @param http the protocol to the origin inside the tunnel: {@code h2} or {@code http/1.1}
 */
public record Answer(int status, String body, String http) {

    public Answer {
        body = body == null ? "" : body;
    }

    public static final String H2 = "h2";
    public static final String HTTP11 = "http/1.1";
}
