package io.proxybench.client.proxy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * A proxy account. {@link #toString()} never shows the password.
 *
 * @param user the user name, possibly carrying session parameters (see {@link Dialect})
 * @param password the password, possibly empty, possibly carrying session parameters; a secret
 */
public record ProxyCredentials(String user, String password) {

    /**
     * Checks that both parts are present; either may be empty.
     *
     * @param user the user name
     * @param password the password; a secret
     * @throws NullPointerException if {@code user} or {@code password} is null
     */
    public ProxyCredentials {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /**
     * The Base64 of {@code user:password} (UTF-8) that follows {@code Basic } in a {@code Proxy-Authorization}
     * header (RFC 7617): as secret as the password, to be masked wherever it could be shown.
     *
     * @return the token, without the {@code Basic } prefix
     */
    public String basicToken() {
        return Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return user + ":****";
    }
}
