package io.proxybench.lab.target;

import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The session cookie {@code /login} sets and {@code /page/N} looks for: one random token per source address (per
 * exit, through the lab's gateway), so a page can tell whether a client brought back the cookie it was given through
 * that exit, none, or another exit's. Tokens live as long as the server; there is one per source address, as in
 * {@link TargetStats}. Thread-safe.
 */
final class SessionCookies {

    /** The cookie's name. */
    static final String NAME = "lab_session";
    private static final int TOKEN_BYTES = 16;

    /** What a page request brought back. */
    enum Seen {
        /** The token issued to the request's own source address. */
        RETURNED,
        /** No {@value #NAME} cookie. */
        MISSING,
        /** A token issued to another source address, or never issued. */
        FOREIGN
    }

    private final SecureRandom random = new SecureRandom();
    private final ConcurrentMap<String, String> tokens = new ConcurrentHashMap<>();

    /** The {@code Set-Cookie} value for {@code source}: its token, for every path, not for scripts. */
    String setCookie(String source) {
        DefaultCookie cookie = new DefaultCookie(NAME, tokens.computeIfAbsent(source, s -> newToken()));
        cookie.setPath("/");
        cookie.setHttpOnly(true);
        return ServerCookieEncoder.STRICT.encode(cookie);
    }

    /** What the {@code Cookie} header values {@code cookieHeaders} of a request from {@code source} hold. */
    Seen check(List<String> cookieHeaders, String source) {
        String token = null;
        for (String header : cookieHeaders) {
            for (Cookie cookie : ServerCookieDecoder.LAX.decode(header)) {
                if (cookie.name().equals(NAME)) {
                    token = cookie.value();
                }
            }
        }
        if (token == null) {
            return Seen.MISSING;
        }
        return token.equals(tokens.get(source)) ? Seen.RETURNED : Seen.FOREIGN;
    }

    private String newToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
