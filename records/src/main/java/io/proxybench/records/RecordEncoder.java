package io.proxybench.records;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Writes a {@link RequestRecord} as one JSON object in UTF-8 into a buffer it reuses, field by field on Jackson's
 * streaming generator: the same names, order and omissions as {@link Jsonl#MAPPER} gives the record, without its
 * per-value serializer state (about 1.2 KB of garbage a line). Not thread-safe: one per writing thread.
 *
 * <p>A time field (seconds) that is a whole number of nanoseconds divided by 1e9, which is how records make them, is
 * written as that decimal, up to 9 digits after the point with trailing zeros dropped ({@code 0.000045708} where
 * Jackson writes {@code 4.5708E-5}): parsing it gives back the same double, because both are the one double
 * nearest to n×10⁻⁹. Any other double is written as Jackson writes it.
 */
final class RecordEncoder {
    private static final String[] OUTCOMES = Arrays.stream(Outcome.values()).map(Outcome::jsonName)
            .toArray(String[]::new);
    private static final double NANOS_PER_SECOND = 1e9;
    /** Past 2^53 nanoseconds (104 days) a double no longer holds every whole nanosecond. */
    private static final long EXACT_NANOS = 1L << 53;
    /** -0.0 equals 0 but is not the same record value: Jackson writes it. */
    private static final long NEGATIVE_ZERO = Double.doubleToRawLongBits(-0.0);

    private final Bytes out = new Bytes();
    private final JsonGenerator json;
    /** Digits of one decimal, written from the end. */
    private final char[] digits = new char[32];

    RecordEncoder() {
        try {
            json = Jsonl.MAPPER.getFactory().createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Lines are separated by the writer, not by the generator's root-value space.
        json.setRootValueSeparator(null);
    }

    /** Encodes {@code r}; its bytes are {@link #bytes()} up to {@link #length()} until the next call. */
    void encode(RequestRecord r) {
        out.length = 0;
        try {
            json.writeStartObject();
            seconds("sched", r.sched());
            seconds("done", r.done());
            seconds("start_lag", r.startLag());
            seconds("queue", r.queue());
            seconds("dns", r.dns());
            seconds("tcp", r.tcp());
            seconds("proxy_tls", r.proxyTls());
            seconds("socks", r.socks());
            seconds("connect", r.connect());
            seconds("tls", r.tls());
            seconds("request", r.request());
            seconds("total", r.total());
            number("status", r.status());
            text("ip", r.ip());
            text("loc", r.loc());
            text("error", r.error());
            text("first_error", r.firstError());
            text("outcome", r.outcome() == null ? null : OUTCOMES[r.outcome().ordinal()]);
            flag("reused", r.reused());
            number("conn", r.conn());
            text("session", r.session());
            number("attempt", r.attempt());
            number("bytes_out", r.bytesOut());
            number("bytes_in", r.bytesIn());
            number("handshake_bytes", r.handshakeBytes());
            number("body_len", r.bodyLen());
            flag("challenge", r.challenge());
            text("http", r.http());
            text("body", r.body());
            text("closed", r.closed());
            text("scheme", r.scheme());
            number("gateway_connection_id", r.gatewayConnectionId());
            text("segment", r.segment());
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            // Bytes never throws; a generator refuses only malformed output, which these calls do not make.
            throw new IllegalStateException("a record that cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    byte[] bytes() {
        return out.buffer;
    }

    int length() {
        return out.length;
    }

    private void seconds(String name, Double value) throws IOException {
        if (value != null) {
            seconds(name, value.doubleValue());
        }
    }

    private void seconds(String name, double value) throws IOException {
        json.writeFieldName(name);
        long nanos = Math.round(value * NANOS_PER_SECOND);
        if (Math.abs(nanos) < EXACT_NANOS && nanos / NANOS_PER_SECOND == value
                && Double.doubleToRawLongBits(value) != NEGATIVE_ZERO) {
            int start = nanosAsSeconds(nanos);
            json.writeNumber(digits, start, digits.length - start);
        } else {
            json.writeNumber(value);
        }
    }

    /** Writes {@code nanos} as seconds at the end of {@link #digits}; returns where they start. */
    private int nanosAsSeconds(long nanos) {
        long rest = Math.abs(nanos);
        int at = digits.length;
        int fraction = (int) (rest % 1_000_000_000L);
        rest /= 1_000_000_000L;
        int place = 9;
        while (place > 1 && fraction % 10 == 0) { // drop trailing zeros, keeping one digit after the point
            fraction /= 10;
            place--;
        }
        for (int i = 0; i < place; i++) {
            digits[--at] = (char) ('0' + fraction % 10);
            fraction /= 10;
        }
        digits[--at] = '.';
        do {
            digits[--at] = (char) ('0' + rest % 10);
            rest /= 10;
        } while (rest > 0);
        if (nanos < 0) {
            digits[--at] = '-';
        }
        return at;
    }

    private void number(String name, Integer value) throws IOException {
        if (value != null) {
            json.writeNumberField(name, value.intValue());
        }
    }

    private void number(String name, Long value) throws IOException {
        if (value != null) {
            json.writeNumberField(name, value.longValue());
        }
    }

    private void text(String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    private void flag(String name, Boolean value) throws IOException {
        if (value != null) {
            json.writeBooleanField(name, value);
        }
    }

    /** A growable byte buffer the generator flushes into. */
    private static final class Bytes extends OutputStream {
        byte[] buffer = new byte[512];
        int length;

        @Override
        public void write(int b) {
            ensure(1);
            buffer[length++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(len);
            System.arraycopy(b, off, buffer, length, len);
            length += len;
        }

        private void ensure(int more) {
            if (length + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
            }
        }
    }
}
