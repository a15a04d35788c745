package io.proxybench.client.internal.dialect;

/** How an error message may show a value read from credentials: never when it came from the password. */
final class Shown {

    private Shown() {}

    /** {@code 'value'} from the username; a description from the password, where any token may be the secret. */
    static String value(String value, boolean inPassword) {
        return inPassword ? "(in the password, not shown)" : "'" + value + "'";
    }
}
