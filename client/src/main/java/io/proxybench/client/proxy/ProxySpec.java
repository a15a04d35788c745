package io.proxybench.client.proxy;

import io.netty.util.NetUtil;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A proxy to route through: scheme, endpoint and, when it has one, the account (whose username or password may
 * carry a session, e.g. {@code pass_session-abc}). {@link #toString()} masks the password, as does every message
 * this class produces.
 *
 * @param scheme how the client talks to the proxy
 * @param host a host name or an IP address; an IPv6 address without brackets
 * @param port from 1 to 65535
 * @param credentials the account, or null for none
 */
public record ProxySpec(ProxyScheme scheme, String host, int port, ProxyCredentials credentials) {

    static final String FORMS = "use forms like http://user:pass@host:port, https://host:port,"
            + " socks5://user:pass@host:port or socks5h://host:port (percent-encode ':', '@' and '%' in the user"
            + " or password)";

    /** A host name or IPv4 address; an IPv6 address goes in brackets instead. */
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9._-]+");

    /**
     * Checks the port; the host is checked only by {@link #parse}.
     *
     * @param scheme how the client talks to the proxy
     * @param host a host name or an IP address; an IPv6 address without brackets
     * @param port from 1 to 65535
     * @param credentials the account, or null for none
     * @throws IllegalArgumentException if {@code port} is outside 1..65535
     * @throws NullPointerException if {@code scheme} or {@code host} is null
     */
    public ProxySpec {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("proxy port " + port + " is outside 1..65535");
        }
    }

    /**
     * Reads a proxy URL. The user and password are percent-decoded (UTF-8); a path, if any, is ignored.
     *
     * @param url e.g. {@code http://user:pass@host:port}, {@code https://host:port}, {@code socks5://host:port} or
     *     {@code socks5h://[::1]:1080}; a user without a password has an empty one; without a port, the scheme's
     *     {@linkplain ProxyScheme#defaultPort() default} as curl has it (443 for {@code https}, else 1080)
     * @return the proxy
     * @throws IllegalArgumentException naming the part that is wrong and the accepted forms; the password is
     *     never quoted
     */
    public static ProxySpec parse(String url) {
        if (url == null || url.isBlank()) {
            throw bad("(empty)", "the proxy URL is empty");
        }
        String text = url.strip();
        int sep = text.indexOf("://");
        if (sep <= 0) {
            throw bad(redact(text), "no scheme");
        }
        String shown = redact(text);
        ProxyScheme scheme = ProxyScheme.of(text.substring(0, sep));
        if (scheme == null) {
            throw bad(shown, "unknown scheme '" + text.substring(0, sep) + "'");
        }
        String rest = text.substring(sep + 3);
        int at = rest.lastIndexOf('@');
        ProxyCredentials credentials = null;
        if (at >= 0) {
            String userInfo = rest.substring(0, at);
            int colon = userInfo.indexOf(':');
            String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon), "user", shown);
            String password = colon < 0 ? "" : decode(userInfo.substring(colon + 1), "password", shown);
            if (user.isEmpty()) {
                throw bad(shown, "empty user before '@'");
            }
            credentials = new ProxyCredentials(user, password);
            rest = rest.substring(at + 1);
        }
        int slash = rest.indexOf('/');
        String hostPort = slash < 0 ? rest : rest.substring(0, slash);
        String host;
        String portText;
        boolean bracketed = hostPort.startsWith("[");
        if (bracketed) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw bad(shown, "unclosed '[' in the host");
            }
            host = hostPort.substring(1, close);
            portText = hostPort.length() > close + 1 && hostPort.charAt(close + 1) == ':'
                    ? hostPort.substring(close + 2) : null;
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            portText = colon < 0 ? null : hostPort.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw bad(shown, "no host");
        }
        if (bracketed ? !NetUtil.isValidIpV6Address(host) : !HOST_NAME.matcher(host).matches()) {
            throw bad(shown, "host '" + host + "' is not a host name, IPv4 address or [IPv6] address");
        }
        if (portText == null) {
            return new ProxySpec(scheme, host, scheme.defaultPort(), credentials);
        }
        if (portText.isEmpty()) {
            throw bad(shown, "no port after ':'");
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw bad(shown, "port '" + portText + "' is not a number");
        }
        if (port < 1 || port > 65535) {
            throw bad(shown, "port " + port + " is outside 1..65535");
        }
        return new ProxySpec(scheme, host, port, credentials);
    }

    /**
     * {@code host:port}, with brackets around an IPv6 literal.
     *
     * @return the endpoint, e.g. {@code 127.0.0.1:3128} or {@code [::1]:1080}
     */
    public String endpoint() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * The same proxy with another account, e.g. another session's password.
     *
     * @param other the account, or null for none
     * @return a new proxy spec
     */
    public ProxySpec withCredentials(ProxyCredentials other) {
        return new ProxySpec(scheme, host, port, other);
    }

    /** The URL with the password masked, e.g. {@code http://user:****@127.0.0.1:3128}. */
    @Override
    public String toString() {
        return scheme.text() + "://" + (credentials == null ? "" : credentials + "@") + endpoint();
    }

    private static String decode(String text, String part, String shown) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                int hi = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
                int lo = i + 2 < text.length() ? Character.digit(text.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw bad(shown, "bad percent-encoding in the " + part + " (a '%' must start %XX)");
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
                    utf8 = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.writeBytes(utf8);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw bad(shown, "the " + part + " is not UTF-8 once percent-decoded");
        }
    }

    /** The URL with anything between the first ':' of the user info and the last '@' replaced by ****. */
    static String redact(String url) {
        int sep = url.indexOf("://");
        int start = sep < 0 ? 0 : sep + 3;
        int at = url.lastIndexOf('@');
        if (at < start) {
            return url;
        }
        int colon = url.indexOf(':', start);
        if (colon < 0 || colon > at) {
            return url;
        }
        return url.substring(0, colon + 1) + "****" + url.substring(at);
    }

    private static IllegalArgumentException bad(String shown, String problem) {
        return new IllegalArgumentException("proxy URL " + shown + ": " + problem + "; " + FORMS);
    }
}
