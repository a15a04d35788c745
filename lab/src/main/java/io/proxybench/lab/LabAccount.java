package io.proxybench.lab;

/**
 * The account a lab's gateway asks for ({@code proxybench lab --auth USER:PASS}); {@link #toString()} masks the
 * password.
 *
 * @param user the account's user, not empty
 * @param password its password, not empty
 */
public record LabAccount(String user, String password) {

    /**
     * Reads {@code USER:PASS}, split at the first colon. Its message never echoes the value, which holds a password,
     * and is written to follow the setting's name.
     *
     * @throws IllegalArgumentException when either part is empty or there is no colon
     */
    public static LabAccount parse(String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new IllegalArgumentException("takes USER:PASS with both parts non-empty, e.g. alice:s3cret (the value"
                    + " is not repeated: it holds a password)");
        }
        return new LabAccount(value.substring(0, colon), value.substring(colon + 1));
    }

    @Override
    public String toString() {
        return user + ":****";
    }
}
