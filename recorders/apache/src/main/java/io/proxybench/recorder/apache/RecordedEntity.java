package io.proxybench.recorder.apache;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.BodyHead;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;

/**
 * A response entity that copies the first {@link BodyHead#MAX_BYTES} bytes of a text body as the user reads them,
 * and ends the call's {@code request} phase and its observation's hold once, when the body is read to its end or
 * closed (the response closed, or {@code EntityUtils.consume}). It reads nothing the user does not read.
 */
final class RecordedEntity extends HttpEntityWrapper {

    private static final int COPY_BUFFER = 8 * 1024;

    private final Recorder recorder;
    private final Observation observation;
    private final long requestStartNanos;
    private final BodyHead head;
    private final AtomicBoolean released = new AtomicBoolean();
    private InputStream content;
    private long bytes;

    RecordedEntity(HttpEntity delegate, Recorder recorder, Observation observation, long requestStartNanos) {
        super(delegate);
        this.recorder = recorder;
        this.observation = observation;
        this.requestStartNanos = requestStartNanos;
        this.head = BodyHead.worthCopying(delegate.getContentType()) ? observation.body() : null;
    }

    @Override
    public synchronized InputStream getContent() throws IOException {
        if (content == null || !isStreaming()) {
            content = new Tee(super.getContent());
        }
        return content;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        try (InputStream in = getContent()) {
            in.transferTo(out);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            release(false);
        }
    }

    /** The body ended: read to its end ({@code whole}, its length known), or closed or failed before. */
    private void release(boolean whole) {
        if (released.compareAndSet(false, true)) {
            if (whole) {
                observation.bodyLength(bytes);
            }
            observation.add(Phase.REQUEST, recorder.nanoTime() - requestStartNanos);
            observation.release();
        }
    }

    /** Copies what the user reads; its end or close ends the body. */
    private final class Tee extends FilterInputStream {

        Tee(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                release(false);
                throw e;
            }
            if (n > 0) {
                bytes += n;
                if (head != null && !head.full()) {
                    head.add(b, off, n);
                }
            } else if (n < 0) {
                release(true);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] buffer = new byte[(int) Math.min(COPY_BUFFER, Math.max(n, 1))];
            long skipped = 0;
            while (skipped < n) {
                int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
                if (r < 0) {
                    break;
                }
                skipped += r;
            }
            return skipped;
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                release(false);
            }
        }
    }
}
