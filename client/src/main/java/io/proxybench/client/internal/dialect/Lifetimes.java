package io.proxybench.client.internal.dialect;

import io.proxybench.client.proxy.SessionParams;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How a dialect writes a session lifetime: a number with a unit letter, or a bare number of minutes or seconds. */
enum Lifetimes {
    /** {@code N} followed by {@code s}, {@code m} or {@code h}, the shortest form: {@code 90s}, {@code 10m}, {@code 2h}. */
    SUFFIXED("a positive number followed by s, m or h, e.g. 10m", Pattern.compile("([0-9]{1,6})([smh])")),
    /** A whole number of minutes: {@code 10}. */
    MINUTES("a positive whole number of minutes, e.g. 10", Pattern.compile("([0-9]{1,6})")),
    /** A whole number of seconds: {@code 600}. */
    SECONDS("a positive whole number of seconds, e.g. 600", Pattern.compile("([0-9]{1,7})"));

    private final String form;
    private final Pattern pattern;

    Lifetimes(String form, Pattern pattern) {
        this.form = form;
        this.pattern = pattern;
    }

    /** @throws IllegalArgumentException when {@code lifetime} cannot be said in this unit */
    String format(Duration lifetime, String dialect) {
        long s = lifetime.getSeconds();
        return switch (this) {
            case SUFFIXED -> SessionParams.formatLifetime(lifetime);
            case SECONDS -> Long.toString(s);
            case MINUTES -> {
                if (s % 60 != 0) {
                    throw new IllegalArgumentException(dialect + " writes a session lifetime in whole minutes; "
                            + s + "s is not, e.g. use " + Math.max(1, Math.round(s / 60.0)) + "m");
                }
                yield Long.toString(s / 60);
            }
        };
    }

    /**
     * @param inPassword whether the value came from the password, so must not be quoted
     * @throws IllegalArgumentException naming the key and the form
     */
    Duration parse(String value, String key, boolean inPassword) {
        Matcher m = pattern.matcher(value);
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new IllegalArgumentException(key + " " + CredentialValues.shown(value, inPassword) + " must be "
                    + form);
        }
        long n = Long.parseLong(m.group(1));
        return switch (this) {
            case MINUTES -> Duration.ofMinutes(n);
            case SECONDS -> Duration.ofSeconds(n);
            case SUFFIXED -> switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        };
    }
}
