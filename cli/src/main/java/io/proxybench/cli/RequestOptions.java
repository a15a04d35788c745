package io.proxybench.cli;

import io.proxybench.client.ProxyRequest;
import io.proxybench.harness.plan.TargetUrls;
import java.net.URI;
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
     * The URLs to request: {@code given} ({@code --url}) then the file's, read once ({@link TargetUrls#read}).
     *
     * @throws IllegalArgumentException for none at all, an unreadable file, or a line that is not an http(s) URL
     */
    List<URI> urls(List<URI> given) {
        if (read == null) {
            read = TargetUrls.read(given, urlFile);
        }
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
