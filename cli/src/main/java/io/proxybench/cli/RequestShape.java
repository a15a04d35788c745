package io.proxybench.cli;

import io.proxybench.client.ProxyRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * One request's shape, with curl's and hey's names: method, headers, body (inline, or streamed from a file whatever
 * its size) and User-Agent; shared by {@code run} (through {@link RequestOptions}) and {@code fetch}.
 */
final class RequestShape {

    /** An HTTP token: what a method or header name may hold (RFC 9110, 5.6.2). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

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

    /**
     * Checks these options once and gives what makes a request of this shape to a URL.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    Function<URI, ProxyRequest> builder() {
        if (data != null && dataFile != null) {
            throw new IllegalArgumentException("-d/--data and --data-file exclude each other; give one body");
        }
        // curl's -d @FILE: a body too large for a command line. Sent as it is (curl's -d would drop line breaks).
        Path file = data != null && data.startsWith("@") ? Path.of(data.substring(1)) : dataFile;
        String text = file == null ? data : null;
        if (file != null && !Files.isReadable(file)) {
            throw new IllegalArgumentException((dataFile != null ? "--data-file " : "-d @") + file
                    + " cannot be read; give a readable file");
        }
        boolean body = text != null || file != null;
        String verb = method != null ? method : body ? "POST" : "GET";
        if (!TOKEN.matcher(verb).matches()) {
            throw new IllegalArgumentException("-X/--method '" + verb + "' is not an HTTP method; e.g. POST");
        }
        List<String[]> parsed = new ArrayList<>();
        boolean contentType = false;
        for (int i = 0; i < headers.size(); i++) {
            String header = headers.get(i);
            int colon = header.indexOf(':');
            String name = colon < 0 ? "" : header.substring(0, colon).strip();
            if (colon < 0 || !TOKEN.matcher(name).matches()) {
                // Not quoted: a header given without its name may be a bare secret (-H "$TOKEN").
                throw new IllegalArgumentException("-H/--header number " + (i + 1) + " (not shown) is not"
                        + " 'Name: value'; e.g. -H 'Accept: text/html'");
            }
            String value = header.substring(colon + 1).strip();
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("-H/--header " + name + " has a line break in its value");
            }
            contentType |= name.equalsIgnoreCase("Content-Type");
            parsed.add(new String[] {name, value});
        }
        if (body && !contentType) {
            parsed.add(new String[] {"Content-Type", "application/x-www-form-urlencoded"});
        }
        if (userAgent != null) {
            parsed.add(new String[] {"User-Agent", userAgent});
        }
        return url -> {
            ProxyRequest r = ProxyRequest.get(url.toString()).withMethod(verb);
            for (String[] h : parsed) {
                r = r.withHeader(h[0], h[1]);
            }
            if (text != null) {
                r = r.withBody(text.getBytes(StandardCharsets.UTF_8));
            } else if (file != null) {
                r = r.withBodyFile(file);
            }
            return r;
        };
    }
}
