package io.proxybench.cli;

import io.proxybench.client.Headers;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@code fetch} gave, whole or failed: what {@code -w} and {@code --json} print ({@link FetchVariables}).
 *
 * @param url the URL given
 * @param method the method of the first request
 * @param timer the call's points in time and connections
 * @param status the final response's status; 0 when none came
 * @param headers the final response's headers; null when none came
 * @param response the whole call (wire bytes, timings, hops) once its body was read to its end; null otherwise
 * @param written the body's bytes written to stdout or the file, decoded unless {@code --raw}
 * @param exit the exit the body reports, or {@link ReportedExit#NONE}
 * @param file the {@code -o} file; null for stdout
 * @param failure why the fetch failed; null when it did not
 */
record FetchOutcome(URI url, String method, FetchTimer timer, int status, Headers headers,
        ProxyResponse response, long written, ReportedExit exit, Path file, FetchFailure failure) {

    /** The URL the final request went to: the last redirect's, else the URL given. */
    URI effectiveUrl() {
        List<Redirect> hops = redirects();
        return hops.isEmpty() ? url : hops.get(hops.size() - 1).to();
    }

    /** The redirects followed; empty unless the call completed. */
    List<Redirect> redirects() {
        return response == null ? List.of() : response.redirects();
    }

    /** curl's exit code: 0, or the failure's. */
    int exitCode() {
        return failure == null ? 0 : failure.exitCode();
    }

    /** A response header's value (the first, when repeated), or null. */
    String header(String name) {
        return headers == null ? null : headers.get(name);
    }
}
