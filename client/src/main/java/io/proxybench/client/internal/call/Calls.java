package io.proxybench.client.internal.call;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The one thing every step of the call path does alike. */
final class Calls {

    private Calls() {}

    /** The cause a future's wrappers hide. */
    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
