package io.proxybench.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.watch.live.LastProbe;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What watch says of a provider's probes: a failure once (and again when it changes), the recovery, else nothing. */
class ProbeNewsTest {

    private static final String REFUSED = "nothing accepted a connection at 127.0.0.1:1 (connection refused)\n"
            + "  4 of the first 4 requests failed with tcp_ConnectException\n  fix: is a proxy listening?\n";
    private static final String DENIED = "the proxy at 127.0.0.1:8080 refused the credentials (407 Proxy"
            + " Authentication Required)\n  1 of the first 4 requests failed with connect_407\n  fix: check them\n";

    @Test
    void aFailureIsSaidOnceAndAgainWhenItChanges() {
        assertThat(ProviderNews.probeNews(null, probe(REFUSED))).isEqualTo("probe stopped: " + REFUSED.strip());
        assertThat(ProviderNews.probeNews(probe(REFUSED), probe(REFUSED))).isNull();
        assertThat(ProviderNews.probeNews(probe(REFUSED), probe(DENIED))).isEqualTo("probe stopped: " + DENIED.strip());
        assertThat(ProviderNews.probeNews(probe(null), probe(REFUSED))).startsWith("probe stopped: nothing accepted");
    }

    @Test
    void aRecoveryIsSaidAndASuccessAfterASuccessIsNot() {
        assertThat(ProviderNews.probeNews(probe(REFUSED), probe(null))).isEqualTo("probe ran through again");
        assertThat(ProviderNews.probeNews(probe(null), probe(null))).isNull();
        assertThat(ProviderNews.probeNews(null, probe(null))).isNull();
    }

    private static LastProbe probe(String diagnosis) {
        return new LastProbe(1_000, 12.5, 40, diagnosis, List.of());
    }
}
