package io.proxybench.client.proxy;

import java.util.Objects;

/** A proxy account. {@link #toString()} never shows the password. */
public record ProxyCredentials(String user, String password) {

    public ProxyCredentials {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    @Override
    public String toString() {
        return user + ":****";
    }
}
