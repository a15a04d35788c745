package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.ProxyRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * What each request of a run looks like: its shape ({@link RequestShape}: method, headers, body, User-Agent) and the
 * URLs (given, or one per line of a file, in turn or at random).
 */
final class RequestOptions {

    /** A line of {@code --url-file} is read as {@code --url} is. */
    private static final UriConverter URLS = new UriConverter();

    @CommandLine.Mixin
    RequestShape shape = new RequestShape();

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
                throw new IllegalArgumentException("--url-file " + urlFile + " cannot be read: " + FileReading.why(e),
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

    /**
     * One request per URL, shaped by these options.
     *
     * @throws IllegalArgumentException naming the option at fault
     */
    List<ProxyRequest> requests(List<URI> urls) {
        Function<URI, ProxyRequest> builder = shape.builder();
        List<ProxyRequest> requests = new ArrayList<>(urls.size());
        for (URI url : urls) {
            requests.add(builder.apply(url));
        }
        return requests;
    }
}
