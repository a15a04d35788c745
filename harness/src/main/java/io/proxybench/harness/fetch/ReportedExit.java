package io.proxybench.harness.fetch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The exit a target reports in its body, read from the body's first bytes only: a Cloudflare-style trace
 * ({@code key=value} lines, {@code ip=} and {@code loc=}, as the lab's {@code /cdn-cgi/trace}) or a JSON object whose
 * top-level {@code "ip"} or {@code "origin"} (httpbin's) is a string. {@link #NONE} when the body is neither.
 *
 * @param ip the exit's address as the target saw it; null when the body reports none
 * @param loc the country the trace gives it ({@code loc=}); null when none
 */
record ReportedExit(String ip, String loc) {

    /** How much of the body is read for it: a trace is about 300 bytes, an echo's JSON a few KiB. */
    static final int PREFIX_BYTES = 8 * 1024;

    static final ReportedExit NONE = new ReportedExit(null, null);

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * The exit {@code prefix[0..length)} reports, or {@link #NONE}.
     *
     * @param prefix the body's first bytes, as written (decoded unless {@code --raw})
     */
    static ReportedExit of(byte[] prefix, int length) {
        String text = new String(prefix, 0, length, StandardCharsets.UTF_8);
        String start = text.stripLeading();
        return start.startsWith("{") ? json(start) : trace(text);
    }

    private static ReportedExit trace(String text) {
        String ip = null;
        String loc = null;
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("ip=") && ip == null) {
                ip = value(l.substring(3));
            } else if (l.startsWith("loc=") && loc == null) {
                loc = value(l.substring(4));
            }
        }
        return ip == null ? NONE : new ReportedExit(ip, loc);
    }

    /** The top-level "ip" (or else "origin") string of a JSON object, read until the prefix ends. */
    private static ReportedExit json(String text) {
        String ip = null;
        String origin = null;
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return NONE;
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (value == JsonToken.VALUE_STRING && name.equals("ip")) {
                    ip = value(p.getText());
                } else if (value == JsonToken.VALUE_STRING && name.equals("origin")) {
                    origin = value(p.getText());
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException cutOrNotJson) {
            // The prefix ends inside the object, or it is no JSON: what was read before stands.
        }
        String found = ip != null ? ip : origin;
        return found == null ? NONE : new ReportedExit(found, null);
    }

    /** A value as shown: at most 64 printable ASCII characters, else none (it is not an address). */
    private static String value(String raw) {
        String v = raw.strip();
        return !v.isEmpty() && v.length() <= 64 && v.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? v : null;
    }
}
