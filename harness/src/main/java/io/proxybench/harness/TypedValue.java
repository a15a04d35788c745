package io.proxybench.harness;

/** How an error message shows a value the user typed: as typed, or quoted when its ends would not show. */
public final class TypedValue {

    private TypedValue() {}

    /** {@code value} as typed, or in quotes when it is empty or holds white space, so that its ends show. */
    public static String shown(String value) {
        return value.isEmpty() || value.chars().anyMatch(Character::isWhitespace) ? "'" + value + "'" : value;
    }
}
