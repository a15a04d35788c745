package io.proxybench.harness.fetch;

import io.proxybench.harness.TypedValue;

/** {@code --max-filesize}'s text form, as curl's: bytes from 1, or with a K, M or G suffix counting 1024s. */
final class FileSize {

    private FileSize() {}

    /**
     * The bytes {@code text} states; 0 for none when it is null.
     *
     * @throws IllegalArgumentException naming {@code --max-filesize}, the text and how to write a size
     */
    static long parse(String text) {
        if (text == null) {
            return 0;
        }
        String stripped = text.strip();
        char unit = stripped.isEmpty() ? ' ' : Character.toUpperCase(stripped.charAt(stripped.length() - 1));
        int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
        String digits = shift == 0 ? stripped : stripped.substring(0, stripped.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 1 || n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--max-filesize " + TypedValue.shown(text) + " is not a size; write"
                    + " bytes from 1, or with K, M or G, e.g. 500M");
        }
    }
}
