package io.proxybench.client.internal.connect;

import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.proxy.Socks5ProxyHandler;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SOCKS5 proxy's refusal, read from the error of Netty's {@link Socks5ProxyHandler}, which says it only in its
 * message ({@code socks5, password, /127.0.0.1:1080 => example.com:443, authStatus: FAILURE(255)}): the user name
 * and password rejected (RFC 1929), no authentication method both sides accept, or a CONNECT reply other than
 * success (RFC 1928 section 6).
 *
 * @param label the reason part of an error label, e.g. {@code AuthFailed} or {@code ConnectionRefused}
 * @param reason the refusal in words, e.g. {@code reply 5: connection refused}
 */
public record SocksRefusal(String label, String reason) {

    /** Netty's message: protocol, the client's auth scheme ({@code none} or {@code password}), addresses, what. */
    private static final Pattern NETTY_MESSAGE = Pattern.compile("socks5, (\\w+), .* => .*, (.+)");
    private static final Pattern AUTH_STATUS = Pattern.compile("authStatus: .*");
    private static final Pattern METHOD = Pattern.compile("unexpected authMethod: (\\w+)\\((\\d+)\\)");
    private static final Pattern REPLY = Pattern.compile("status: (\\w+)\\((\\d+)\\)");
    /** RFC 1929's method number, and the one that means "no acceptable methods". */
    private static final int PASSWORD = 2;
    private static final int NO_ACCEPTABLE_METHODS = 255;

    /** The refusal {@code failure} reports, or null when it is none (a timeout, a lost connection, not SOCKS5). */
    public static SocksRefusal of(Throwable failure) {
        if (!(failure instanceof ProxyConnectException) || failure.getMessage() == null) {
            return null;
        }
        Matcher netty = NETTY_MESSAGE.matcher(failure.getMessage());
        if (!netty.matches()) {
            return null;
        }
        boolean offeredPassword = netty.group(1).equals("password");
        String what = netty.group(2);
        if (AUTH_STATUS.matcher(what).matches()) {
            return new SocksRefusal("AuthFailed", "the proxy rejected the user name and password (RFC 1929)");
        }
        Matcher method = METHOD.matcher(what);
        if (method.matches()) {
            return new SocksRefusal("AuthRequired", methodReason(offeredPassword, method.group(1),
                    Integer.parseInt(method.group(2))));
        }
        Matcher reply = REPLY.matcher(what);
        if (reply.matches()) {
            int code = Integer.parseInt(reply.group(2));
            return new SocksRefusal(replyLabel(code), "reply " + code + ": " + replyWords(code));
        }
        return null;
    }

    /** Why no method was agreed: the client offered none, or none and a password. */
    private static String methodReason(boolean offeredPassword, String name, int method) {
        if (!offeredPassword && (method == PASSWORD || method == NO_ACCEPTABLE_METHODS)) {
            return "the proxy requires a user name and password";
        }
        if (method == NO_ACCEPTABLE_METHODS) {
            return "the proxy accepts neither no authentication nor a user name and password";
        }
        return "the proxy asks for authentication method " + method + " (" + name + "), which the client does not"
                + " speak";
    }

    /** Netty's {@code Socks5CommandStatus} name in CamelCase; FAILURE as RFC 1928 names it. */
    private static String replyLabel(int code) {
        return switch (code) {
            case 1 -> "GeneralFailure";
            case 2 -> "Forbidden";
            case 3 -> "NetworkUnreachable";
            case 4 -> "HostUnreachable";
            case 5 -> "ConnectionRefused";
            case 6 -> "TtlExpired";
            case 7 -> "CommandUnsupported";
            case 8 -> "AddressUnsupported";
            default -> "UnassignedReply";
        };
    }

    /** RFC 1928's words for the reply. */
    private static String replyWords(int code) {
        return switch (code) {
            case 1 -> "general SOCKS server failure";
            case 2 -> "connection not allowed by ruleset";
            case 3 -> "network unreachable";
            case 4 -> "host unreachable";
            case 5 -> "connection refused";
            case 6 -> "TTL expired";
            case 7 -> "command not supported";
            case 8 -> "address type not supported";
            default -> "unassigned";
        };
    }
}
