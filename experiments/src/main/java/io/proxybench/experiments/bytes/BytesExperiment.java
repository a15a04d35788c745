package io.proxybench.experiments.bytes;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.net.TlsEngine;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Seed 002's bytes per request: the same small request on a new tunnel and on a reused one, one request at a time,
 * measured by the client's wire counters, for each key-exchange offer; then the projection for a million requests
 * at N requests per tunnel. The client speaks HTTP/1.1 in the tunnel, as the seed's harness does.
 */
public final class BytesExperiment {

    /** The group names the hybrid-extra figure compares, as BoringSSL reports them. */
    static final String CLASSICAL = "X25519";
    static final String HYBRID = "X25519MLKEM768";

    /** What a run offers when the TLS engine can choose, one row each: classical, then post-quantum hybrid. */
    public static final List<String> BOTH_GROUPS = List.of(CLASSICAL, HYBRID);

    private static final Duration KEEP_ALIVE = Duration.ofSeconds(120);

    /**
     * What the experiment runs against.
     *
     * @param proxy the gateway, with credentials if it needs them (used as given: rotating unless they name a
     *     session)
     * @param target the URL requested every time
     * @param offers the key-exchange groups to offer, one row each; an empty list for the TLS engine's defaults
     * @param samples requests measured per kind and offer
     * @param requestsPerTunnel the N of each projection
     * @param projectedRequests the request count the projections are for, e.g. one million
     * @param limit how long one request may take
     */
    public record Setup(ProxySpec proxy, URI target, TlsSettings tls, List<List<String>> offers, int samples,
            List<Integer> requestsPerTunnel, long projectedRequests, Duration limit) {
        public Setup {
            offers = List.copyOf(offers);
            requestsPerTunnel = List.copyOf(requestsPerTunnel);
            if (offers.isEmpty() || samples < 1 || requestsPerTunnel.isEmpty() || projectedRequests < 1
                    || requestsPerTunnel.stream().anyMatch(n -> n < 1)) {
                throw new IllegalArgumentException("the bytes experiment needs an offer, at least 1 sample, and"
                        + " positive requests per tunnel and projected requests");
            }
        }
    }

    private BytesExperiment() {}

    /**
     * The offers when none is asked for: {@link #BOTH_GROUPS}, one row each, when the TLS engine can set groups
     * (openssl); else one row with the engine's own list.
     */
    public static List<List<String>> defaultOffers() {
        return TlsEngine.current().provider() == SslProvider.OPENSSL ? BOTH_GROUPS.stream().map(List::of).toList()
                : List.of(List.of());
    }

    /** Measures every offer in turn: new tunnels (full handshake, then resumed), then a reused one. */
    public static BytesResult run(Setup s) throws Exception {
        List<BytesRow> rows = new ArrayList<>();
        for (List<String> offer : s.offers()) {
            rows.add(measure(s, s.tls().withGroups(offer)));
        }
        return new BytesResult(s.target().toString(), s.projectedRequests(), rows, hybridExtra(rows));
    }

    private static BytesRow measure(Setup s, TlsSettings tls) throws Exception {
        List<ProxyResponse> fresh = new ArrayList<>();
        for (int i = 0; i < s.samples(); i++) {
            try (ProxyClient client = client(s, tls, Duration.ZERO)) {
                fresh.add(send(client, s));
            }
        }
        List<ProxyResponse> resumed = sameClient(s, tls, Duration.ZERO);
        List<ProxyResponse> reused = sameClient(s, tls, KEEP_ALIVE);
        if (fresh.stream().anyMatch(ProxyResponse::reused) || resumed.stream().anyMatch(ProxyResponse::reused)
                || !reused.stream().allMatch(ProxyResponse::reused)) {
            throw new IllegalStateException("the client reused a tunnel it should not have, or the reverse; the"
                    + " proxy may close tunnels after one request");
        }
        BytesPerRequest newTunnel = BytesPerRequest.of(fresh);
        BytesPerRequest reusedTunnel = BytesPerRequest.of(reused);
        List<BytesProjection> projections = s.requestsPerTunnel().stream()
                .map(n -> BytesProjection.of(s.projectedRequests(), n, newTunnel.roundedTotal(),
                        reusedTunnel.roundedTotal()))
                .toList();
        return new BytesRow(tls.groups().isEmpty() ? "default" : String.join(":", tls.groups()),
                fresh.get(0).connection().tlsGroup(), fresh.get(0).protocol(), newTunnel,
                BytesPerRequest.of(resumed), reusedTunnel, projections);
    }

    /** {@code samples} requests of one client after a first one, which opens the tunnel and is left out. */
    private static List<ProxyResponse> sameClient(Setup s, TlsSettings tls, Duration keepAlive) throws Exception {
        List<ProxyResponse> responses = new ArrayList<>();
        try (ProxyClient client = client(s, tls, keepAlive)) {
            send(client, s);
            for (int i = 0; i < s.samples(); i++) {
                responses.add(send(client, s));
            }
        }
        return responses;
    }

    private static ProxyResponse send(ProxyClient client, Setup s) throws Exception {
        ProxyResponse r = client.send(ProxyRequest.get(s.target().toString()))
                .get(s.limit().toMillis(), TimeUnit.MILLISECONDS);
        if (r.status() != 200) {
            throw new IllegalStateException(s.target() + " answered " + r.status() + " through " + s.proxy());
        }
        return r;
    }

    /** One tunnel at a time, kept for {@code keepAlive}. */
    private static ProxyClient client(Setup s, TlsSettings tls, Duration keepAlive) {
        return ProxyClient.builder().proxy(s.proxy()).tls(tls.withAlpn(TlsSettings.HTTP11_ONLY)).ioThreads(1)
                .limits(PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(keepAlive)
                        .acquireTimeout(s.limit()).build()).build();
    }

    private static Double hybridExtra(List<BytesRow> rows) {
        BytesRow classical = negotiated(rows, CLASSICAL);
        BytesRow hybrid = negotiated(rows, HYBRID);
        return classical == null || hybrid == null ? null : hybrid.newTunnel().total() - classical.newTunnel().total();
    }

    private static BytesRow negotiated(List<BytesRow> rows, String group) {
        return rows.stream().filter(r -> Objects.equals(r.groupNegotiated(), group)).findFirst().orElse(null);
    }
}
