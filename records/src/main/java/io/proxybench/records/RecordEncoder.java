package io.proxybench.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes a {@link RequestRecord} as one JSON object in UTF-8 into a buffer it reuses: the same names, order and
 * omissions as {@link Jsonl#MAPPER} gives the record. A line is written once per request on the client's I/O thread,
 * so it is written here byte by byte from names encoded once; Jackson's generator cost about 0.7 µs a line and its
 * data binding 1.2 KB of garbage. Text that is not plain printable ASCII is written by Jackson, so its bytes are
 * Jackson's. Not thread-safe: one per writing thread.
 *
 * <p>A time field (seconds) that is a whole number of nanoseconds divided by 1e9, which is how records make them, is
 * written as that decimal, up to 9 digits after the point with trailing zeros dropped ({@code 0.000045708} where
 * Jackson writes {@code 4.5708E-5}): parsing it gives back the same double, because both are the one double nearest
 * to n×10⁻⁹. Any other double is written as Jackson writes it.
 */
final class RecordEncoder {
    private static final byte[][] OUTCOMES = Arrays.stream(Outcome.values())
            .map(o -> ("\"" + o.jsonName() + "\"").getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final double NANOS_PER_SECOND = 1e9;
    /** Past 2^53 nanoseconds (104 days) a double no longer holds every whole nanosecond. */
    private static final long EXACT_NANOS = 1L << 53;
    /** -0.0 equals 0 but is not the same record value: Jackson writes it. */
    private static final long NEGATIVE_ZERO = Double.doubleToRawLongBits(-0.0);

    private static final byte[] SCHED = ascii("{\"sched\":");
    private static final byte[] DONE = field("done");
    private static final byte[] START_LAG = field("start_lag");
    private static final byte[] QUEUE = field("queue");
    private static final byte[] DNS = field("dns");
    private static final byte[] TCP = field("tcp");
    private static final byte[] PROXY_TLS = field("proxy_tls");
    private static final byte[] SOCKS = field("socks");
    private static final byte[] CONNECT = field("connect");
    private static final byte[] TLS = field("tls");
    private static final byte[] REQUEST = field("request");
    private static final byte[] TOTAL = field("total");
    private static final byte[] STATUS = field("status");
    private static final byte[] IP = field("ip");
    private static final byte[] LOC = field("loc");
    private static final byte[] ERROR = field("error");
    private static final byte[] REASON = field("reason");
    private static final byte[] FIRST_ERROR = field("first_error");
    private static final byte[] OUTCOME = field("outcome");
    private static final byte[] REUSED = field("reused");
    private static final byte[] CONN = field("conn");
    private static final byte[] SESSION = field("session");
    private static final byte[] ATTEMPT = field("attempt");
    private static final byte[] BYTES_OUT = field("bytes_out");
    private static final byte[] BYTES_IN = field("bytes_in");
    private static final byte[] HANDSHAKE_BYTES = field("handshake_bytes");
    private static final byte[] BODY_LEN = field("body_len");
    private static final byte[] CHALLENGE = field("challenge");
    private static final byte[] HTTP = field("http");
    private static final byte[] BODY = field("body");
    private static final byte[] CLOSED = field("closed");
    private static final byte[] SCHEME = field("scheme");
    private static final byte[] GATEWAY_CONNECTION_ID = field("gateway_connection_id");
    private static final byte[] SEGMENT = field("segment");
    private static final byte[] HOP = field("hop");
    private static final byte[] LOCATION = field("location");

    /** The line is {@code buffer[0, length)}. */
    private byte[] buffer = new byte[512];
    private int length;

    /** Encodes {@code r}; its bytes are {@link #bytes()} up to {@link #length()} until the next call. */
    void encode(RequestRecord r) {
        length = 0;
        seconds(SCHED, r.sched());
        seconds(DONE, r.done());
        seconds(START_LAG, r.startLag());
        seconds(QUEUE, r.queue());
        seconds(DNS, r.dns());
        seconds(TCP, r.tcp());
        seconds(PROXY_TLS, r.proxyTls());
        seconds(SOCKS, r.socks());
        seconds(CONNECT, r.connect());
        seconds(TLS, r.tls());
        seconds(REQUEST, r.request());
        seconds(TOTAL, r.total());
        number(STATUS, r.status());
        text(IP, r.ip());
        text(LOC, r.loc());
        text(ERROR, r.error());
        text(REASON, r.reason());
        text(FIRST_ERROR, r.firstError());
        if (r.outcome() != null) {
            put(OUTCOME);
            put(OUTCOMES[r.outcome().ordinal()]);
        }
        flag(REUSED, r.reused());
        number(CONN, r.conn());
        text(SESSION, r.session());
        number(ATTEMPT, r.attempt());
        number(BYTES_OUT, r.bytesOut());
        number(BYTES_IN, r.bytesIn());
        number(HANDSHAKE_BYTES, r.handshakeBytes());
        number(BODY_LEN, r.bodyLen());
        flag(CHALLENGE, r.challenge());
        text(HTTP, r.http());
        text(BODY, r.body());
        text(CLOSED, r.closed());
        text(SCHEME, r.scheme());
        number(GATEWAY_CONNECTION_ID, r.gatewayConnectionId());
        text(SEGMENT, r.segment());
        number(HOP, r.hop());
        text(LOCATION, r.location());
        ensure(1);
        buffer[length++] = '}';
    }

    byte[] bytes() {
        return buffer;
    }

    int length() {
        return length;
    }

    private void seconds(byte[] name, Double value) {
        if (value != null) {
            seconds(name, value.doubleValue());
        }
    }

    private void seconds(byte[] name, double value) {
        put(name);
        long nanos = Math.round(value * NANOS_PER_SECOND);
        if (nanos > -EXACT_NANOS && nanos < EXACT_NANOS && nanos / NANOS_PER_SECOND == value
                && Double.doubleToRawLongBits(value) != NEGATIVE_ZERO) {
            nanosAsSeconds(nanos);
        } else if (Double.isFinite(value)) {
            put(ascii(NumberOutput.toString(value, true)));
        } else {
            put(ascii("\"" + value + "\"")); // as Jackson writes NaN and the infinities, quoted
        }
    }

    /** Writes {@code nanos} as seconds: the whole seconds, a point, then 1 to 9 digits without trailing zeros. */
    private void nanosAsSeconds(long nanos) {
        if (nanos < 0) {
            ensure(1);
            buffer[length++] = '-';
        }
        long abs = Math.abs(nanos);
        digits(abs / 1_000_000_000L);
        int fraction = (int) (abs % 1_000_000_000L);
        int places = 9;
        while (places > 1 && fraction % 10 == 0) {
            fraction /= 10;
            places--;
        }
        ensure(1 + places);
        buffer[length++] = '.';
        for (int at = length + places - 1; at >= length; at--) {
            buffer[at] = (byte) ('0' + fraction % 10);
            fraction /= 10;
        }
        length += places;
    }

    /** Writes a value of 0 or more in decimal. */
    private void digits(long value) {
        int n = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            n++;
        }
        ensure(n);
        for (int at = length + n - 1; at >= length; at--) {
            buffer[at] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += n;
    }

    private void number(byte[] name, Integer value) {
        if (value != null) {
            number(name, value.longValue());
        }
    }

    private void number(byte[] name, Long value) {
        if (value != null) {
            number(name, value.longValue());
        }
    }

    private void number(byte[] name, long value) {
        put(name);
        if (value == Long.MIN_VALUE) {
            put(ascii(Long.toString(value)));
            return;
        }
        if (value < 0) {
            ensure(1);
            buffer[length++] = '-';
        }
        digits(Math.abs(value));
    }

    private void flag(byte[] name, Boolean value) {
        if (value != null) {
            put(name);
            put(value ? TRUE : FALSE);
        }
    }

    /** A JSON string: printable ASCII without quote or backslash is copied as it is; anything else is escaped. */
    private void text(byte[] name, String value) {
        if (value == null) {
            return;
        }
        put(name);
        int n = value.length();
        ensure(n + 2);
        buffer[length] = '"';
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                put(jacksonString(value));
                return;
            }
            buffer[length + 1 + i] = (byte) c;
        }
        buffer[length + 1 + n] = '"';
        length += n + 2;
    }

    /** {@code value} as a JSON string, quoted, as Jackson's generator writes it (an unpaired surrogate escaped). */
    private static byte[] jacksonString(String value) {
        try {
            return Jsonl.MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a string Jackson cannot write: " + e.getMessage(), e);
        }
    }

    private void put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }

    private static byte[] field(String name) {
        return ascii(",\"" + name + "\":");
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
