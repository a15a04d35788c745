package io.proxybench.harness.fetch;

import io.proxybench.client.Headers;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@code fetch} gave, whole or failed: what {@code -w} and {@code --json} print ({@link WriteOut}, whose
 * variables are {@link FetchVariables}), the exit code, and the line stderr gets ({@link #message()}).
 *
 * @param url the URL given
 * @param method the method of the first request
 * @param timer the call's points in time and connections
 * @param status the final response's status; 0 when none came
 * @param headers the final response's headers; null when none came
 * @param response the whole call (wire bytes, timings, hops) once its body was read to its end; null otherwise
 * @param written the body's bytes written to stdout or the file, decoded unless {@code --raw}
 * @param undecoded whether the body came in a coding the client does not decode, though it would have decoded one,
 *     and was written as received
 * @param exit the exit the body reports, or {@link ReportedExit#NONE}
 * @param file the {@code -o} file; null for stdout
 * @param failure why the fetch failed; null when it did not
 */
public record FetchOutcome(URI url, String method, FetchTimer timer, int status, Headers headers,
        ProxyResponse response, long written, boolean undecoded, ReportedExit exit, Path file, FetchFailure failure) {

    /** The most characters of a server's header value that a line shows. */
    private static final int SHOWN_CHARS = 60;

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
    public int exitCode() {
        return failure == null ? 0 : failure.exitCode();
    }

    /**
     * The one line stderr gets after the command's name: the failure's, else a note that the body was written
     * {@link #undecoded() undecoded}; null when there is nothing to say.
     */
    public String message() {
        if (failure != null) {
            return failure.line();
        }
        return !undecoded ? null : "the body was written as received: its Content-Encoding \""
                + printable(header("Content-Encoding")) + "\" is not one fetch decodes (gzip, deflate, br, zstd)";
    }

    /** A response header's value (the first, when repeated), or null. */
    String header(String name) {
        return headers == null ? null : headers.get(name);
    }

    /** A server's header value as a line may show it: its first 60 characters, each outside printable ASCII a '?'. */
    private static String printable(String value) {
        String cut = value.length() > SHOWN_CHARS ? value.substring(0, SHOWN_CHARS) + "..." : value;
        return cut.chars().map(c -> c < 0x20 || c > 0x7e ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
