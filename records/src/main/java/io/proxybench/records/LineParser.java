package io.proxybench.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Turns one line of a records file into a record, by the rules {@link RecordStream} states: strict UTF-8, one JSON
 * object of a record with its {@code sched} and {@code done}, nothing after it. It keeps buffers of its own, so one per thread.
 */
final class LineParser {
    /** Resolved once: a record's deserializer is not looked up per line. */
    private static final ObjectReader RECORDS = Jsonl.MAPPER.readerFor(RecordFields.class);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    private final Path file;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
    private CharBuffer decoded = CharBuffer.allocate(0);

    LineParser(Path file) {
        this.file = file;
    }

    RequestRecord parse(byte[] bytes, int start, int length, int line) throws MalformedRecordException {
        if (!ascii(bytes, start, length)) {
            requireUtf8(bytes, start, length, line);
        }
        RecordFields fields;
        try {
            fields = readsAsUtf8(bytes, start, length)
                    ? RECORDS.readValue(bytes, start, length)
                    : RECORDS.readValue(new String(bytes, start, length, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new MalformedRecordException(file, line, e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new MalformedRecordException(file, line, e.getMessage(), e);
        }
        if (fields == null) {
            throw new MalformedRecordException(file, line, "null is not a record", null);
        }
        if (fields.sched == null || fields.done == null) {
            throw new MalformedRecordException(file, line, "the record has no \"" + (fields.sched == null ? "sched"
                    : "done") + "\" (its " + (fields.sched == null ? "scheduled start" : "completion") + ", seconds"
                    + " after the run's start); every record has sched and done: was the line written by proxybench"
                    + " run or the seed harness?", null);
        }
        return fields.toRecord();
    }

    /** Decodes the line as strict UTF-8 (a malformed sequence is an error), into a buffer kept for the next line. */
    private void requireUtf8(byte[] bytes, int start, int length, int line) throws MalformedRecordException {
        if (decoded.capacity() < length) {
            decoded = CharBuffer.allocate(length);
        }
        decoded.clear();
        utf8.reset();
        CoderResult result = utf8.decode(ByteBuffer.wrap(bytes, start, length), decoded, true);
        if (!result.isError()) {
            result = utf8.flush(decoded);
        }
        if (result.isError()) {
            try {
                result.throwException();
            } catch (CharacterCodingException e) {
                throw new MalformedRecordException(file, line, "not UTF-8 text", e);
            }
        }
    }

    /** Whether every byte is below 0x80: ASCII, hence UTF-8 text. Eight bytes at a time. */
    private static boolean ascii(byte[] bytes, int start, int length) {
        int i = start;
        int end = start + length;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            if (((long) LONGS.get(bytes, i) & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether Jackson reads the line's bytes as UTF-8: it takes a UTF-8 byte order mark as none, and bytes 0 among
     * the first four as UTF-16 or UTF-32 text. Such lines are parsed as text, as any reader of UTF-8 lines does
     * (which finds them malformed).
     */
    private static boolean readsAsUtf8(byte[] bytes, int start, int length) {
        for (int i = start, end = start + Math.min(length, 4); i < end; i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        return length < 3 || bytes[start] != (byte) 0xef || bytes[start + 1] != (byte) 0xbb
                || bytes[start + 2] != (byte) 0xbf;
    }
}
