package io.proxybench.cli;

import io.proxybench.client.Timeouts;
import io.proxybench.harness.Durations;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code --timeout} option: one duration for every phase ({@code 30s}), per-phase ones
 * ({@code tcp=3s,tunnel=5s,tls=5s,request=20s}), or both, the bare duration first, for the phases not named
 * ({@code 10s,request=30s}). {@code request} is the response's: its head, and each wait between body bytes ({@code
 * head} and {@code idle} set them apart); {@code call} bounds the whole call, by default the sum of the setup phases
 * and {@code head}, so that a call ends within the time its phases may take (a response that trickles in too). Phases
 * left out of all of them keep the client's defaults.
 */
final class TimeoutOption {

    /** The phases a timeout can be given for, in the order of a call. */
    private enum Part { TCP, TUNNEL, TLS, REQUEST, HEAD, IDLE, CALL }

    /** The accepted form, for help and error messages. */
    static final String FORM = "DURATION, PHASE=DURATION,... or both (phases: tcp, tunnel, tls, request, or"
            + " request's parts head and idle, and call)";

    private TimeoutOption() {}

    /** @throws IllegalArgumentException naming the bad part and the accepted form */
    static Timeouts parse(String text) {
        Map<Part, Duration> given = new EnumMap<>(Part.class);
        String[] items = text.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            String item = items[i].strip();
            int eq = item.indexOf('=');
            if (eq < 0 && i == 0) {
                Duration all = positive(item, text);
                for (Part p : new Part[] {Part.TCP, Part.TUNNEL, Part.TLS, Part.HEAD, Part.IDLE}) {
                    given.put(p, all);
                }
                continue;
            }
            if (eq < 0) {
                throw new IllegalArgumentException("--timeout '" + text + "': '" + item
                        + "' names no phase; only the first item may be a bare duration; use " + FORM);
            }
            Part part;
            try {
                part = Part.valueOf(item.substring(0, eq).strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--timeout '" + text + "': no phase '"
                        + item.substring(0, eq).strip() + "'; use " + FORM, e);
            }
            Duration d = positive(item.substring(eq + 1), text);
            if (part == Part.REQUEST) {
                given.put(Part.HEAD, d);
                given.put(Part.IDLE, d);
            } else {
                given.put(part, d);
            }
        }
        Timeouts d = Timeouts.defaults();
        Duration tcp = given.getOrDefault(Part.TCP, d.tcp());
        Duration tunnel = given.getOrDefault(Part.TUNNEL, d.tunnel());
        Duration tls = given.getOrDefault(Part.TLS, d.tls());
        Duration head = given.getOrDefault(Part.HEAD, d.responseHead());
        return Timeouts.builder().tcp(tcp).tunnel(tunnel).tls(tls).responseHead(head)
                .readIdle(given.getOrDefault(Part.IDLE, d.readIdle()))
                .call(given.getOrDefault(Part.CALL, tcp.plus(tunnel).plus(tls).plus(head))).build();
    }

    private static Duration positive(String item, String text) {
        Duration d;
        try {
            d = Durations.parse(item);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--timeout '" + text + "': " + e.getMessage(), e);
        }
        if (d.isZero()) {
            throw new IllegalArgumentException("--timeout '" + text + "': a timeout must be above 0");
        }
        return d;
    }
}
