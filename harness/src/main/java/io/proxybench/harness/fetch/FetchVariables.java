package io.proxybench.harness.fetch;

import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import io.proxybench.client.event.Phase;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The variables of {@code fetch -w} and the keys of {@code fetch --json}: curl's {@code --write-out} variables where
 * they apply, with curl's meaning and format, and proxybench's own (each phase, the connection, the exit, wire and
 * decoded bytes) named as a {@code run} record names the same figure. A variable that is only a curl spelling of
 * another ({@code http_code} of {@code status}) is {@code -w}'s only, so the JSON has one key per figure. Times are
 * seconds with six decimals, as curl prints them. A figure the fetch does not have is left out of the JSON and
 * empty in {@code -w}, but for curl's own, which read as curl's do ({@code 000}, {@code 0.000000}).
 */
final class FetchVariables {

    /** One variable: its value of an outcome (a String, Number, Boolean, List of hops, or null). */
    record Variable(String name, boolean inJson, Function<FetchOutcome, Object> value) {}

    private static final Map<String, Variable> ALL = new LinkedHashMap<>();

    static {
        json("url", o -> o.url().toString());
        json("url_effective", o -> o.effectiveUrl().toString());
        json("method", o -> o.redirects().isEmpty() ? o.method() : last(o).method());
        json("status", o -> o.status() == 0 ? null : o.status());
        curl("http_code", o -> String.format("%03d", o.status()));
        curl("response_code", o -> String.format("%03d", o.status()));
        json("http", o -> o.response() == null ? null : o.response().protocol());
        curl("http_version", o -> o.response() == null ? "0" : o.response().protocol().equals("h2") ? "2" : "1.1");
        json("content_type", o -> o.header("Content-Type"));
        json("content_encoding", o -> o.header("Content-Encoding"));
        json("num_headers", o -> o.headers() == null ? 0 : o.headers().size());
        json("redirect_url", FetchVariables::redirectUrl);
        json("num_redirects", o -> o.redirects().size());
        json("redirects", FetchVariables::hops);
        json("num_connects", o -> o.timer().connects());
        json("remote_ip", o -> remote(o) == null ? null : remote(o).getAddress().getHostAddress());
        json("remote_port", o -> remote(o) == null ? null : remote(o).getPort());
        json("reused", o -> o.response() == null ? null : o.response().reused());
        json("conn", o -> o.response() == null ? null : o.response().connection().id());
        json("attempt", o -> o.response() == null ? null : o.response().attempt());
        json("session", o -> o.response() == null ? null : o.response().session());
        json("ip", o -> o.exit().ip());
        json("loc", o -> o.exit().loc());
        json("time_namelookup", o -> seconds(Math.max(0, o.timer().namelookup())));
        json("time_connect", o -> seconds(Math.max(0, o.timer().connect())));
        json("time_appconnect", o -> seconds(Math.max(0, o.timer().appconnect())));
        json("time_pretransfer", o -> seconds(Math.max(0, o.timer().pretransfer())));
        json("time_redirect", o -> seconds(o.timer().redirect()));
        json("time_starttransfer", o -> seconds(Math.max(0, o.timer().starttransfer())));
        json("time_total", o -> seconds(o.timer().total()));
        for (Phase phase : List.of(Phase.DNS, Phase.TCP, Phase.PROXY_TLS, Phase.CONNECT, Phase.SOCKS, Phase.TLS)) {
            json(phase.label(), o -> phase(o, phase));
        }
        json("ttfb", o -> o.timer().firstByte() < 0 ? null : seconds(o.timer().firstByte()));
        json("request", o -> phase(o, Phase.REQUEST));
        json("bytes_out", o -> o.response() == null ? null : o.response().bytesOut());
        json("bytes_in", o -> o.response() == null ? null : o.response().bytesIn());
        json("handshake_bytes", o -> o.response() == null ? null : o.response().handshakeBytes());
        json("body_len", o -> o.response() == null ? null : o.response().bodyBytes());
        curl("size_download", o -> o.response() == null ? 0 : o.response().bodyBytes());
        json("decoded_len", o -> o.response() == null || o.response().decodedBytes() < 0 ? null
                : o.response().decodedBytes());
        json("size_written", FetchOutcome::written);
        json("size_upload", o -> o.timer().uploaded());
        json("speed_download", FetchVariables::speed);
        json("filename_effective", o -> o.file() == null ? null : o.file().toString());
        json("exitcode", FetchOutcome::exitCode);
        json("error", o -> o.failure() == null ? null : o.failure().label());
        json("reason", o -> o.failure() == null ? null : o.failure().reason());
        json("errormsg", o -> o.failure() == null ? null : o.failure().line());
    }

    private FetchVariables() {}

    /** Every variable, in the order the JSON gives them. */
    static Map<String, Variable> all() {
        return ALL;
    }

    /** The JSON object: every {@code inJson} variable the outcome has, in order. */
    static Map<String, Object> json(FetchOutcome o) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (Variable v : ALL.values()) {
            Object value = v.inJson() ? v.value().apply(o) : null;
            if (value != null) {
                json.put(v.name(), value);
            }
        }
        return json;
    }

    /** A value as {@code -w} prints it: seconds with six decimals, hops as {@code STATUS URL, ...}, null as empty. */
    static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof List<?> hops) {
            List<String> shown = new ArrayList<>();
            for (Object hop : hops) {
                Map<?, ?> h = (Map<?, ?>) hop;
                shown.add(h.get("status") + " " + h.get("to"));
            }
            return String.join(", ", shown);
        }
        return value.toString();
    }

    private static void json(String name, Function<FetchOutcome, Object> value) {
        ALL.put(name, new Variable(name, true, value));
    }

    private static void curl(String name, Function<FetchOutcome, Object> value) {
        ALL.put(name, new Variable(name, false, value));
    }

    private static Redirect last(FetchOutcome o) {
        return o.redirects().get(o.redirects().size() - 1);
    }

    private static InetSocketAddress remote(FetchOutcome o) {
        InetSocketAddress a = o.timer().remote();
        return a == null || a.getAddress() == null ? null : a;
    }

    /** A phase of the final hop's attempt, in seconds; null when it did not go through it. */
    private static BigDecimal phase(FetchOutcome o, Phase phase) {
        ProxyResponse r = o.response();
        return r == null || !r.timings().has(phase) ? null : seconds(r.timings().get(phase));
    }

    /** Nanoseconds as seconds to the microsecond. */
    static BigDecimal seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).setScale(6, RoundingMode.HALF_UP);
    }

    /** Where an unfollowed redirect points, resolved against the URL that gave it (curl's {@code redirect_url}). */
    private static String redirectUrl(FetchOutcome o) {
        String location = o.status() / 100 == 3 ? o.header("Location") : null;
        if (location == null) {
            return null;
        }
        try {
            return o.effectiveUrl().resolve(location.strip()).toString();
        } catch (IllegalArgumentException notAUrl) {
            return null;
        }
    }

    /** The hops as {@code {status, from, to, method}} objects; null when none. */
    private static List<Map<String, Object>> hops(FetchOutcome o) {
        if (o.redirects().isEmpty()) {
            return null;
        }
        List<Map<String, Object>> hops = new ArrayList<>();
        for (Redirect r : o.redirects()) {
            Map<String, Object> hop = new LinkedHashMap<>();
            hop.put("status", r.status());
            hop.put("from", r.from().toString());
            hop.put("to", r.to().toString());
            hop.put("method", r.method());
            hops.add(hop);
        }
        return hops;
    }

    /** Body bytes as received per second of the whole fetch (curl's {@code speed_download}). */
    private static Long speed(FetchOutcome o) {
        long nanos = o.timer().total();
        return o.response() == null || nanos <= 0 ? 0L : Math.round(o.response().bodyBytes() * 1e9 / nanos);
    }

}
