package io.proxybench.client.proxy;

/**
 * Proxy credentials split into the account part ({@code user}, {@code password}) and the session parameters
 * that were embedded in either of them. {@link #toString()} never shows the password.
 */
public record ParsedCredentials(String user, String password, SessionParams session) {

    @Override
    public String toString() {
        return "ParsedCredentials[user=" + user + ", password=****, session=" + session + "]";
    }
}
