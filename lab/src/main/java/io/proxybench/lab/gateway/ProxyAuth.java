package io.proxybench.lab.gateway;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The gateway's account check, in the dialect the gateway speaks. With no account configured anyone may use the
 * gateway; credentials, when sent, still carry session parameters. With one configured, the account part of the credentials must match exactly.
 * A failure never tells whether the user or the password was wrong, neither by its answer nor by its timing: both
 * are always compared, in constant time.
 */
public final class ProxyAuth {

    /** SHA-256 of the account's user and password, null when none is configured; computed once. */
    private final byte[] userDigest;
    private final byte[] passwordDigest;
    private final Dialect dialect;

    private ProxyAuth(byte[] userDigest, byte[] passwordDigest, Dialect dialect) {
        this.userDigest = userDigest;
        this.passwordDigest = passwordDigest;
        this.dialect = dialect;
    }

    /** Anyone may use the gateway; sessions in the lab's dialect. */
    public static ProxyAuth open() {
        return new ProxyAuth(null, null, Dialect.lab());
    }

    /** Only this account; sessions in the lab's dialect. */
    public static ProxyAuth account(String user, String password) {
        return new ProxyAuth(sha256(user), sha256(password), Dialect.lab());
    }

    /** The same check, reading sessions in {@code dialect}. */
    public ProxyAuth speaking(Dialect dialect) {
        return new ProxyAuth(userDigest, passwordDigest, dialect);
    }

    /** The dialect credentials are read in. */
    public Dialect dialect() {
        return dialect;
    }

    public boolean required() {
        return userDigest != null;
    }

    /**
     * Checks username and password (either may be null when the client sent none).
     *
     * @return who is calling and the session they ask for
     * @throws AuthException when an account is required and these are not it
     * @throws IllegalArgumentException when the session parameters are malformed (the message names the part)
     */
    public Caller check(String username, String pass) {
        if (username == null && pass == null) {
            if (required()) {
                throw new AuthException();
            }
            return Caller.ANONYMOUS;
        }
        ParsedCredentials parsed = dialect.read(username, pass);
        if (required()) {
            boolean userOk = MessageDigest.isEqual(userDigest, sha256(parsed.user()));
            boolean passOk = MessageDigest.isEqual(passwordDigest, sha256(parsed.password()));
            if (!(userOk & passOk)) {
                throw new AuthException();
            }
        }
        return new Caller(parsed.user(), parsed.session());
    }

    /**
     * Secrets are compared by their SHA-256 digests: {@link MessageDigest#isEqual} is constant-time for equal
     * lengths but returns early on a length mismatch, which comparing the secrets themselves would leak; digests are
     * always 32 bytes.
     */
    private static byte[] sha256(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * The caller a {@code Proxy-Authorization} value names, as {@link #check} decides.
     *
     * @param proxyAuthorization the header's value, null when the client sent none
     * @throws AuthException when an account is required and this is not it, or the value is not Basic credentials
     * @throws IllegalArgumentException when the session parameters are malformed (the message names the part)
     */
    public Caller caller(String proxyAuthorization) {
        String[] credentials = basic(proxyAuthorization);
        return credentials == null ? check(null, null) : check(credentials[0], credentials[1]);
    }

    /**
     * Decodes a {@code Proxy-Authorization: Basic ...} value into {user, password}.
     *
     * @return null when the header is absent
     * @throws AuthException when it is present but not Basic credentials
     */
    public static String[] basic(String header) {
        if (header == null) {
            return null;
        }
        String value = header.trim();
        if (!value.regionMatches(true, 0, "Basic ", 0, 6)) {
            throw new AuthException();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(value.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new AuthException();
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? new String[] {decoded, ""}
                : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }

    /** Credentials missing or wrong; deliberately without detail. */
    public static final class AuthException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AuthException() {
            super("proxy authentication required", null, false, false);
        }
    }
}
