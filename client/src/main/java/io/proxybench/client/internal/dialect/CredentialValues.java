package io.proxybench.client.internal.dialect;

/** How an error message may show a value read from proxy credentials: never when it came from the password. */
final class CredentialValues {

    private CredentialValues() {}

    /** {@code 'value'} from the username; a description from the password, where any token may be the secret. */
    static String shown(String value, boolean inPassword) {
        return inPassword ? "(in the password, not shown)" : "'" + value + "'";
    }
}
