package io.proxybench.demo;

import java.math.BigDecimal;

/** Numbers as the demo's chart titles and series names write them. */
final class Numbers {

    private Numbers() {}

    /** {@code 2} for 2.0, {@code 0.5} for 0.5: no trailing zeros, no exponent. */
    static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
