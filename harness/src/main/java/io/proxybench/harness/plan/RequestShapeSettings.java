package io.proxybench.harness.plan;

import io.proxybench.client.ProxyRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One request's shape as the user gave it, with curl's and hey's names: method, headers, body (inline, or streamed
 * from a file whatever its size) and User-Agent; {@code run} and {@code fetch} make their requests with it. Nothing is
 * checked until {@link #builder()}; its messages name the settings as the command line spells them ({@code
 * -X/--method}, {@code -H/--header}, {@code -d/--data}, {@code --data-file}), which every place that gives these
 * settings shares.
 *
 * @param method the request method; null for GET, or POST with a body
 * @param headers the request headers, each {@code Name: value}, in order
 * @param data the body as UTF-8 text, or {@code @FILE} for a file's bytes as they are; null for none
 * @param dataFile the file the body is streamed from for each request; null for none
 * @param userAgent the User-Agent header; null for none
 */
public record RequestShapeSettings(String method, List<String> headers, String data, Path dataFile,
        String userAgent) {

    /** An HTTP token: what a method or header name may hold (RFC 9110, 5.6.2). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    public RequestShapeSettings {
        headers = List.copyOf(headers);
    }

    /**
     * Checks these settings once and gives what makes a request of this shape to a URL.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    public Function<URI, ProxyRequest> builder() {
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
