package io.proxybench.watch.config;

import io.proxybench.harness.Durations;
import io.proxybench.harness.plan.TargetUrl;
import io.proxybench.records.history.HistoryDir;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The typed values of watch's settings, read the same from a config file and from flags. */
final class Values {

    private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(?:/(s|m|h))?");
    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(B|KB|MB|GB|TB)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern DAYS = Pattern.compile("([0-9]+)d");

    private Values() {}

    /** A provider's name: it names a folder, a label and a card. */
    static String name(Field f) {
        if (!HistoryDir.NAME.matcher(f.value()).matches()) {
            throw f.error(f.quoted() + " is not a provider name", "use " + HistoryDir.NAME_RULE + ", e.g. acme-eu");
        }
        return f.value();
    }

    /** A duration: {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 14d}. */
    static Duration duration(Field f) {
        Matcher days = DAYS.matcher(f.value().trim());
        if (days.matches()) {
            return Duration.ofDays(Long.parseLong(days.group(1)));
        }
        try {
            return Durations.parse(f.value());
        } catch (IllegalArgumentException e) {
            throw f.error(f.quoted() + " is not a duration", "use " + Durations.FORMS + ", or days as 14d");
        }
    }

    /** A duration more than zero. */
    static Duration positive(Field f) {
        Duration d = duration(f);
        if (d.isZero()) {
            throw f.error("must be more than 0", "give a duration such as 10s");
        }
        return d;
    }

    /** Checks per second: {@code 1/s}, {@code 30/m}, {@code 0.5} (per second). */
    static double rate(Field f) {
        Matcher m = RATE.matcher(f.value().trim());
        if (!m.matches()) {
            throw f.error(f.quoted() + " is not a rate", "use forms like 1/s, 30/m or 0.5 (per second)");
        }
        double n = Double.parseDouble(m.group(1));
        double perSecond = m.group(2) == null || m.group(2).equals("s") ? n
                : m.group(2).equals("m") ? n / 60 : n / 3600;
        if (perSecond <= 0 || perSecond > 1000) {
            throw f.error(f.quoted() + " is out of range", "give more than 0 and at most 1000/s per provider");
        }
        return perSecond;
    }

    /** A size in bytes: {@code 500MB}, {@code 2GB} (powers of 1024). */
    static long size(Field f) {
        Matcher m = SIZE.matcher(f.value().trim());
        if (!m.matches()) {
            throw f.error(f.quoted() + " is not a size", "use forms like 500MB or 2GB");
        }
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        int shift = switch (unit) {
            case "KB" -> 10;
            case "MB" -> 20;
            case "GB" -> 30;
            case "TB" -> 40;
            default -> 0;
        };
        long bytes = (long) (Double.parseDouble(m.group(1)) * (1L << shift));
        if (bytes < (1L << 20)) {
            throw f.error(f.quoted() + " is less than 1MB", "give at least 1MB; a day of one provider's checks"
                    + " takes about 70MB at the default rate");
        }
        return bytes;
    }

    /** An {@code http://} or {@code https://} URL to check. */
    static URI url(Field f) {
        try {
            return TargetUrl.parse(f.value());
        } catch (IllegalArgumentException e) {
            throw f.error(e.getMessage(), "");
        }
    }

    /** Where the page and metrics are served. */
    record Listen(String host, int port) {}

    /** {@code HOST:PORT}, e.g. {@code 127.0.0.1:9464} or {@code 0.0.0.0:9464}. */
    static Listen listen(Field f) {
        String v = f.value().trim();
        int colon = v.lastIndexOf(':');
        String host = colon < 0 ? "" : v.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int port = Integer.parseInt(v.substring(colon + 1));
            if (colon < 1 || port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return new Listen(host, port);
        } catch (NumberFormatException e) {
            throw f.error(f.quoted() + " is not HOST:PORT", "e.g. 127.0.0.1:9464, or 0.0.0.0:9464 to be reached from"
                    + " other machines (then set a token)");
        }
    }
}
