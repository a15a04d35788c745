package io.proxybench.client.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects what Netty's leak detector finds, instead of only logging it: every detector Netty creates after {@link
 * #install()} records its reports here. Tests run with {@code -Dio.netty.leakDetection.level=paranoid} (the build's
 * surefire setting), so every buffer is tracked.
 */
public final class LeakWatch {

    private static final List<String> LEAKS = new ArrayList<>();
    private static boolean installed;

    private LeakWatch() {}

    /** Idempotent; must run before Netty allocates its first buffer, or earlier detectors only log. */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new Factory());
    }

    /**
     * Leaks reported since the last call, after giving the detectors a chance to see every buffer that became
     * garbage: collect garbage, then allocate and release buffers, because a detector reports only when it tracks a
     * new resource.
     */
    public static List<String> drain() {
        for (int round = 0; round < 3; round++) {
            System.gc();
            for (int i = 0; i < 64; i++) {
                ByteBuf probe = PooledByteBufAllocator.DEFAULT.buffer(16);
                probe.release();
            }
        }
        synchronized (LeakWatch.class) {
            List<String> found = List.copyOf(LEAKS);
            LEAKS.clear();
            return found;
        }
    }

    private static synchronized void report(String leak) {
        LEAKS.add(leak);
    }

    private static final class Factory extends ResourceLeakDetectorFactory {
        @Override
        @SuppressWarnings("deprecation")
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                long maxActive) {
            return new Recording<>(resource, samplingInterval);
        }
    }

    private static final class Recording<T> extends ResourceLeakDetector<T> {
        Recording(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            report(resourceType + " leaked:" + records);
            super.reportTracedLeak(resourceType, records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            report(resourceType + " leaked (no trace)");
            super.reportUntracedLeak(resourceType);
        }
    }
}
