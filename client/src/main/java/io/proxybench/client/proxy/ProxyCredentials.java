package io.proxybench.client.proxy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/** A proxy account. {@link #toString()} never shows the password. */
public record ProxyCredentials(String user, String password) {

    public ProxyCredentials {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    /**
     * The Base64 of {@code user:password} (UTF-8) that follows {@code Basic } in a {@code Proxy-Authorization}
     * header (RFC 7617): as secret as the password, to be masked wherever it could be shown.
     */
    public String basicToken() {
        return Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return user + ":****";
    }
}
