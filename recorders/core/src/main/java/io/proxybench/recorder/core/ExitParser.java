package io.proxybench.recorder.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Reads the exit from the head of a response body, as exit-check targets write it:
 *
 * <ul>
 *   <li>a trace ({@code /cdn-cgi/trace}, the lab target's): {@code key=value} lines, {@code ip=} and {@code loc=};
 *   <li>a JSON object (ipify, ipinfo, ip-api, httpbin and the like): its first top-level {@code ip}, {@code origin}
 *       or {@code query} string as the address, and its first {@code loc}, {@code country_code}, {@code countryCode}
 *       or two-letter {@code country} string as the country.
 * </ul>
 *
 * <p>Only the bytes given are read (a head of at most {@link BodyHead#MAX_BYTES}); a JSON object cut by that limit
 * gives what came before the cut. Any other body gives {@link Exit#NONE}. Never throws on malformed input.
 */
public final class ExitParser {

    private static final JsonFactory JSON = new JsonFactory();
    private static final Set<String> IP_KEYS = Set.of("ip", "origin", "query");
    private static final Set<String> LOC_KEYS = Set.of("loc", "country_code", "countryCode", "country");
    /** Country codes are two letters (ISO 3166-1 alpha-2); longer {@code country} values are names. */
    private static final int COUNTRY_CODE_LENGTH = 2;

    private ExitParser() {}

    /**
     * The exit in the first {@code length} bytes of {@code head}, UTF-8.
     *
     * @param head the body's first bytes
     * @param length how many of them to read
     * @return the exit they name, {@link Exit#NONE} when none
     */
    public static Exit parse(byte[] head, int length) {
        int start = 0;
        while (start < length && Character.isWhitespace(head[start])) {
            start++;
        }
        if (start < length && head[start] == '{') {
            return json(head, start, length - start);
        }
        return trace(new String(head, 0, length, StandardCharsets.UTF_8));
    }

    /** The first {@code ip=} and {@code loc=} lines' values, stripped; lines end at LF, CR or CRLF. */
    static Exit trace(String text) {
        String ip = null;
        String loc = null;
        for (String line : text.split("[\r\n]+")) {
            if (ip == null && line.startsWith("ip=")) {
                ip = nonEmpty(line.substring(3).strip());
            } else if (loc == null && line.startsWith("loc=")) {
                loc = nonEmpty(line.substring(4).strip());
            }
        }
        return ip == null && loc == null ? Exit.NONE : new Exit(ip, loc);
    }

    private static Exit json(byte[] head, int offset, int length) {
        String ip = null;
        String loc = null;
        try (JsonParser p = JSON.createParser(head, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Exit.NONE;
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String key = p.currentName();
                JsonToken value = p.nextToken();
                if (value == JsonToken.VALUE_STRING) {
                    String text = p.getText().strip();
                    if (ip == null && IP_KEYS.contains(key)) {
                        ip = nonEmpty(firstAddress(text));
                    } else if (loc == null && LOC_KEYS.contains(key)
                            && (!key.equals("country") || text.length() == COUNTRY_CODE_LENGTH)) {
                        loc = nonEmpty(text);
                    }
                } else if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            // A head cut inside the object, or not JSON after all: what was read before stands.
        }
        return ip == null && loc == null ? Exit.NONE : new Exit(ip, loc);
    }

    /** httpbin's {@code origin} lists every hop, {@code "client, proxy"}: the first is the exit. */
    private static String firstAddress(String text) {
        int comma = text.indexOf(',');
        return comma < 0 ? text : text.substring(0, comma).strip();
    }

    private static String nonEmpty(String s) {
        return s.isEmpty() ? null : s;
    }
}
