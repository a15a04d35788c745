package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Waiting on client calls in tests. */
final class Calls {

    private Calls() {}

    /** The call's failure, which must be a {@link CallException}; fails the test if the call succeeds. */
    static CallException failure(CompletableFuture<ProxyResponse> call) throws Exception {
        try {
            call.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }
}
