package io.proxybench.audit;

import io.proxybench.client.proxy.ProxyCredentials;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Turns a client's exception into a one-line error with every secret replaced by {@code ****}: the passwords of the
 * credential sets in play and their Basic header values. Clients may echo a header or a URL in a message.
 */
final class Mask {

    private final List<String> secrets = new ArrayList<>();

    Mask(List<ProxyCredentials> credentials) {
        for (ProxyCredentials c : credentials) {
            secrets.add(c.basicToken());
            secrets.add(c.password());
        }
    }

    /** {@code text} with each secret replaced. */
    String text(String text) {
        String out = text;
        for (String s : secrets) {
            if (!s.isEmpty()) {
                out = out.replace(s, "****");
            }
        }
        return out;
    }

    /** The innermost cause's class and message, masked, e.g. {@code ConnectException: Connection refused}. */
    String error(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : ": " + root.getMessage().lines().findFirst().orElse("");
        return text(root.getClass().getSimpleName() + message);
    }
}
