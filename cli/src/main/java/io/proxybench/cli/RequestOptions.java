package io.proxybench.cli;

import io.proxybench.client.ProxyRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What each request of a run looks like, with curl's and hey's names: method, headers, body (inline, or streamed from
 * a file whatever its size), User-Agent, and the URLs (given, or one per line of a file, in turn or at random).
 */
final class RequestOptions {

    /** An HTTP token: what a method or header name may hold (RFC 9110, 5.6.2). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /** A line of {@code --url-file} is read as {@code --url} is. */
    private static final UriConverter URLS = new UriConverter();

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

    @Option(names = "--url-file", paramLabel = "FILE",
            description = "URLs, one per line (blank lines and # comments skipped), instead of or besides --url.")
    Path urlFile;

    @Option(names = "--url-order", paramLabel = "ORDER", defaultValue = "rotate",
            description = "rotate: request n goes to URL n mod count; random: a URL drawn per request from --seed"
                    + " (default: ${DEFAULT-VALUE}).")
    String urlOrder;

    /** The URLs once read: {@code --url}'s then the file's. */
    private List<URI> read;

    /**
     * The URLs to request: {@code given} ({@code --url}) then the file's.
     *
     * @throws IllegalArgumentException for none at all, an unreadable file, or a line that is not an http(s) URL
     */
    List<URI> urls(List<URI> given) {
        if (read != null) {
            return read;
        }
        List<URI> all = new ArrayList<>(given == null ? List.of() : given);
        if (urlFile != null) {
            List<String> lines;
            try {
                lines = Files.readAllLines(urlFile, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("--url-file " + urlFile + " cannot be read: " + ErrorLines.why(e),
                        e);
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                try {
                    all.add(URLS.convert(line));
                } catch (CommandLine.TypeConversionException e) {
                    throw new IllegalArgumentException(urlFile + ":" + (i + 1) + ": " + e.getMessage(), e);
                }
            }
            if (all.size() == (given == null ? 0 : given.size())) {
                throw new IllegalArgumentException("--url-file " + urlFile + " has no URL; write one per line");
            }
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no URL to request: give --url URL (repeat for more) or --url-file FILE");
        }
        read = List.copyOf(all);
        return read;
    }

    /** Whether requests draw their URL at random rather than in turn. */
    boolean random() {
        return switch (urlOrder) {
            case "rotate" -> false;
            case "random" -> true;
            default -> throw new IllegalArgumentException("--url-order " + urlOrder + " is not rotate or random");
        };
    }

    /**
     * One request per URL, shaped by these options.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    List<ProxyRequest> requests(List<URI> urls) {
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
        List<ProxyRequest> requests = new ArrayList<>(urls.size());
        for (URI url : urls) {
            ProxyRequest r = ProxyRequest.get(url.toString()).withMethod(verb);
            for (String[] h : parsed) {
                r = r.withHeader(h[0], h[1]);
            }
            if (text != null) {
                r = r.withBody(text.getBytes(StandardCharsets.UTF_8));
            } else if (file != null) {
                r = r.withBodyFile(file);
            }
            requests.add(r);
        }
        return requests;
    }
}
