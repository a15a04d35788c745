package io.proxybench.recorder.okhttp;

import io.proxybench.recorder.core.BodyHead;
import io.proxybench.recorder.core.Observation;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import okio.ForwardingSource;
import okio.Okio;

/**
 * A response body that copies its first {@link BodyHead#MAX_BYTES} bytes into the call's observation as the user
 * reads them, and releases the observation's hold once when the body is exhausted or closed. It reads nothing the
 * user does not read.
 */
final class RecordedBody extends ResponseBody {

    private final ResponseBody delegate;
    private final BufferedSource source;

    RecordedBody(ResponseBody delegate, Observation observation) {
        this.delegate = delegate;
        observation.hold();
        this.source = Okio.buffer(new Tee(delegate.source(), observation));
    }

    @Override
    public MediaType contentType() {
        return delegate.contentType();
    }

    @Override
    public long contentLength() {
        return delegate.contentLength();
    }

    @Override
    public BufferedSource source() {
        return source;
    }

    /** Copies what passes through; the observation's hold is released at the end of the body or its close. */
    private static final class Tee extends ForwardingSource {
        private final Observation observation;
        private final BodyHead head;
        private final AtomicBoolean released = new AtomicBoolean();

        Tee(okio.Source delegate, Observation observation) {
            super(delegate);
            this.observation = observation;
            this.head = observation.body();
        }

        @Override
        public long read(Buffer sink, long byteCount) throws IOException {
            long n;
            try {
                n = super.read(sink, byteCount);
            } catch (IOException | RuntimeException e) {
                release();
                throw e;
            }
            if (n > 0 && !head.full()) {
                long take = Math.min(n, BodyHead.MAX_BYTES - head.length());
                Buffer copy = new Buffer();
                sink.copyTo(copy, sink.size() - n, take);
                byte[] bytes = copy.readByteArray();
                head.add(bytes, 0, bytes.length);
            } else if (n == -1) {
                release();
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                release();
            }
        }

        private void release() {
            if (released.compareAndSet(false, true)) {
                observation.release();
            }
        }
    }
}
