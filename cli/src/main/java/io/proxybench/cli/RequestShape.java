package io.proxybench.cli;

import io.proxybench.client.ProxyRequest;
import io.proxybench.harness.plan.RequestShapeSettings;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * One request's shape, with curl's and hey's names: method, headers, body (inline, or streamed from a file whatever
 * its size) and User-Agent; shared by {@code run} (through {@link RequestOptions}) and {@code fetch}. {@link
 * RequestShapeSettings} checks them and builds the requests.
 */
final class RequestShape {

    @Option(names = {"-X", "--method"}, paramLabel = "METHOD",
            description = "The request method (default: GET, or POST with -d/--data-file).")
    String method;

    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'",
            description = "A request header; repeat for more, in order.")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-d", "--data"}, paramLabel = "TEXT",
            description = "The request body (UTF-8), or @FILE for a file's bytes as they are (streamed, as"
                    + " --data-file); Content-Type application/x-www-form-urlencoded unless -H sets one.")
    String data;

    @Option(names = "--data-file", paramLabel = "FILE",
            description = "The request body, streamed from FILE for each request (any size; read again each time).")
    Path dataFile;

    @Option(names = {"-A", "--user-agent"}, paramLabel = "TEXT", description = "The User-Agent header.")
    String userAgent;

    /** These options' values as given, unchecked. */
    RequestShapeSettings values() {
        return new RequestShapeSettings(method, headers, data, dataFile, userAgent);
    }

    /**
     * Checks these options once and gives what makes a request of this shape to a URL.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    Function<URI, ProxyRequest> builder() {
        return values().builder();
    }
}
