package io.proxybench.cli;

import picocli.CommandLine;

/** Reads {@code USER:PASS}; its errors never echo the value, which holds a password, and follow the option's name. */
final class AccountConverter implements CommandLine.ITypeConverter<AccountConverter.Account> {

    /** An account given on the command line; {@link #toString()} masks the password. */
    record Account(String user, String password) {
        @Override
        public String toString() {
            return user + ":****";
        }
    }

    @Override
    public Account convert(String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new CommandLine.TypeConversionException("takes USER:PASS with both parts non-empty, e.g."
                    + " alice:s3cret (the value is not repeated: it holds a password)");
        }
        return new Account(value.substring(0, colon), value.substring(colon + 1));
    }
}
