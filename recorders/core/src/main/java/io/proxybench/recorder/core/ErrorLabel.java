package io.proxybench.recorder.core;

import io.proxybench.records.Phase;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The records' error labels, {@code <phase>_<Reason>} (e.g. {@code tls_SSLHandshakeException},
 * {@code connect_407}), as {@code proxybench run} writes them. A reason is a class name or a status code, never an
 * exception's message: messages may quote a URL with its user info or a header, and a label has no room for
 * either. Only letters, digits and {@code _} appear in a reason.
 */
public final class ErrorLabel {

    private ErrorLabel() {}

    /**
     * {@code <phase>_<SimpleClassName>} of {@code failure}, completion wrappers unwrapped.
     *
     * @param phase the phase the call failed in
     * @param failure what the client threw
     * @return the label, e.g. {@code tls_SSLHandshakeException}
     */
    public static String of(Phase phase, Throwable failure) {
        return phase.jsonName() + "_" + reason(failure);
    }

    /**
     * {@code <phase>_<status>}, e.g. {@code connect_407} for a CONNECT the proxy refused.
     *
     * @param phase the phase that was answered with the status
     * @param status the HTTP status
     * @return the label
     */
    public static String of(Phase phase, int status) {
        return phase.jsonName() + "_" + status;
    }

    /**
     * The simple class name of {@code failure} (its cause when it is a completion wrapper), letters, digits and
     * {@code _} only.
     *
     * @param failure what the client threw
     * @return the reason part of a label; {@code Exception} for an anonymous class
     */
    public static String reason(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        String name = t.getClass().getSimpleName();
        String clean = name.replaceAll("[^A-Za-z0-9_]", "");
        return clean.isEmpty() ? "Exception" : clean;
    }
}
