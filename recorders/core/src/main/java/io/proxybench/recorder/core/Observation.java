package io.proxybench.recorder.core;

import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.Arrays;

/**
 * What a recorder saw of one call, filled by the client's hooks as the call goes, and written once as one
 * {@link RequestRecord} when it is over: when the call has ended ({@link #end()} or a {@code fail} method) and
 * every {@link #hold() hold} on it (a response body still being read) is released. Thread-safe: a client may call
 * from several threads; the first end or failure stands, later ones are ignored.
 *
 * <p>Times come from the recorder's clock, in nanoseconds; the record holds seconds. A phase is timed from its
 * {@link #start(Phase) start} to its {@link #end(Phase) end}; a phase started several times in one call (a
 * follow-up request, a second connection attempt) adds up. A phase never ended, a status never seen, a connection
 * never named: each stays absent in the record, never zero.
 */
public final class Observation {

    private static final Phase[] PHASES = Phase.values();
    private static final double NANOS_PER_SECOND = 1e9;
    private static final long UNSET = -1;

    private final Recorder recorder;
    private final long startNanos;
    /** Per phase: when its current span started, {@link #UNSET} when none is open. */
    private final long[] openSince = new long[PHASES.length];
    /** Per phase: nanoseconds of its ended spans, {@link #UNSET} when none ended. */
    private final long[] spent = new long[PHASES.length];
    /** The phase most recently started, while still open: where a failure happened. */
    private Phase current;

    private String session;
    private Integer status;
    private String http;
    private Long conn;
    private Boolean reused;
    private String scheme;
    private Long bodyLen;
    private Boolean challenge;
    private Long bytesOut;
    private Long bytesIn;
    private BodyHead body;
    private String error;

    private int holds;
    private boolean ended;
    private long endNanos;
    private boolean written;

    Observation(Recorder recorder, long startNanos) {
        this.recorder = recorder;
        this.startNanos = startNanos;
        Arrays.fill(openSince, UNSET);
        Arrays.fill(spent, UNSET);
    }

    /**
     * Opens a span of {@code phase} now.
     *
     * @param phase the phase starting
     */
    public synchronized void start(Phase phase) {
        openSince[phase.ordinal()] = recorder.nanoTime();
        current = phase;
    }

    /**
     * Closes the open span of {@code phase} now; nothing when none is open.
     *
     * @param phase the phase ending
     */
    public synchronized void end(Phase phase) {
        long since = openSince[phase.ordinal()];
        if (since != UNSET) {
            add(phase, recorder.nanoTime() - since);
            openSince[phase.ordinal()] = UNSET;
            if (current == phase) {
                current = null;
            }
        }
    }

    /**
     * Adds a span of {@code phase} the client timed itself (ignored when negative).
     *
     * @param phase the phase
     * @param nanos its length, nanoseconds
     */
    public synchronized void add(Phase phase, long nanos) {
        if (nanos >= 0) {
            int i = phase.ordinal();
            spent[i] = (spent[i] == UNSET ? 0 : spent[i]) + nanos;
        }
    }

    /**
     * The phase started most recently and not ended yet.
     *
     * @return the open phase, null when none is
     */
    public synchronized Phase openPhase() {
        return current;
    }

    /**
     * The sticky-session id the user gave for this call.
     *
     * @param id the session id, null for none
     */
    public synchronized void session(String id) {
        session = id;
    }

    /**
     * The connection the call ran on.
     *
     * @param id its id in this recorder's file
     * @param reusedConnection whether an earlier call ran on it
     */
    public synchronized void connection(long id, boolean reusedConnection) {
        conn = id;
        reused = reusedConnection;
    }

    /**
     * The connection the call ran on, numbered by the recorder's {@link ConnectionIds}.
     *
     * @param seen its id and whether this call is the first on it
     */
    public synchronized void connection(ConnectionIds.Seen seen) {
        connection(seen.id(), !seen.first());
    }

    /**
     * The proxy scheme the connection went through.
     *
     * @param proxyScheme {@code http}, {@code https}, {@code socks5}; null when direct
     */
    public synchronized void scheme(String proxyScheme) {
        scheme = proxyScheme;
    }

    /**
     * The response's head.
     *
     * @param code its status
     * @param version its HTTP version as an ALPN id, {@code http/1.1} or {@code h2}
     * @param challengePage whether it was a challenge ({@code cf-mitigated: challenge})
     */
    public synchronized void response(int code, String version, boolean challengePage) {
        status = code;
        http = version;
        challenge = challengePage ? Boolean.TRUE : null;
    }

    /**
     * The response body's length as the target sent it.
     *
     * @param bytes the length, bytes
     */
    public synchronized void bodyLength(long bytes) {
        bodyLen = bytes;
    }

    /**
     * Bytes this call put on the wire and read from it, TLS and proxy exchanges included.
     *
     * @param out bytes written
     * @param in bytes read
     */
    public synchronized void wireBytes(long out, long in) {
        bytesOut = out;
        bytesIn = in;
    }

    /**
     * Where to copy the response body's first bytes as the user reads them, for the exit it names.
     *
     * @return this call's body head, made on first use
     */
    public synchronized BodyHead body() {
        if (body == null) {
            body = new BodyHead();
        }
        return body;
    }

    /** Keeps the record open until {@link #release()}: a response body is being handed to the user. */
    public synchronized void hold() {
        holds++;
    }

    /** Ends a {@link #hold()}; the record is written now if the call has ended and nothing else holds it. */
    public void release() {
        boolean done;
        synchronized (this) {
            holds--;
            done = ready(recorder.nanoTime());
        }
        if (done) {
            recorder.write(record());
        }
    }

    /** The call ended (successfully, as far as the client says). */
    public void end() {
        finish(null);
    }

    /**
     * The call failed in the phase open now ({@code total} when none is): {@code <phase>_<ExceptionName>}.
     *
     * @param failure what the client threw
     */
    public void fail(Throwable failure) {
        Phase phase;
        synchronized (this) {
            phase = current == null ? Phase.TOTAL : current;
        }
        finish(ErrorLabel.of(phase, failure));
    }

    /**
     * The call failed with a label the client's recorder worked out.
     *
     * @param label an {@link ErrorLabel}
     */
    public void fail(String label) {
        finish(label);
    }

    private void finish(String label) {
        boolean done;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            error = label;
            endNanos = recorder.nanoTime();
            done = ready(endNanos);
        }
        if (done) {
            recorder.write(record());
        }
    }

    /** Whether the record is due now, once: ended, nothing held. The later of the end and the last release is done. */
    private boolean ready(long nowNanos) {
        if (!ended || holds > 0 || written) {
            return false;
        }
        endNanos = Math.max(endNanos, nowNanos);
        written = true;
        return true;
    }

    /** The record of this call as seen so far; {@code done} is its end (now, while it has not ended). */
    synchronized RequestRecord record() {
        long end = ended ? endNanos : recorder.nanoTime();
        Exit exit = body == null ? Exit.NONE : body.exit();
        RequestRecord.Builder b = RequestRecord.builder(recorder.seconds(startNanos), recorder.seconds(end))
                .total(seconds(end - startNanos))
                .queue(phase(Phase.QUEUE)).dns(phase(Phase.DNS)).tcp(phase(Phase.TCP))
                .proxyTls(phase(Phase.PROXY_TLS)).socks(phase(Phase.SOCKS)).connect(phase(Phase.CONNECT))
                .tls(phase(Phase.TLS)).request(phase(Phase.REQUEST))
                .status(status).http(http).challenge(challenge).bodyLen(bodyLen)
                .ip(exit.ip()).loc(exit.loc())
                .error(error)
                .reused(reused).conn(conn).session(session).scheme(scheme)
                .bytesOut(bytesOut).bytesIn(bytesIn);
        return b.build();
    }

    private Double phase(Phase phase) {
        long nanos = spent[phase.ordinal()];
        return nanos == UNSET ? null : seconds(nanos);
    }

    private static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }
}
