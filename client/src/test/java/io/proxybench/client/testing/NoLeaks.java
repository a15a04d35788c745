package io.proxybench.client.testing;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector reported a buffer that was never released during it (or, as reports
 * come when garbage is collected, shortly before it: the trace in the message says where the buffer was touched).
 * Registered for every test class of every module by JUnit's extension auto-detection (the build turns it on).
 */
public final class NoLeaks implements BeforeAllCallback, AfterAllCallback {

    static {
        LeakWatch.install();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        LeakWatch.install();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<String> leaks = LeakWatch.drain();
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " Netty buffer(s) never released, found after "
                    + context.getDisplayName() + "; first: " + leaks.get(0));
        }
    }
}
