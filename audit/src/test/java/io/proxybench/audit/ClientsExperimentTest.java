package io.proxybench.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.audit.clients.ProxybenchAudit;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The audit's measurement, checked with clients whose behaviour is known by construction: what it counts at the
 * gateway (peak and opened tunnels) and at the target (exits) must be what those clients do.
 */
@Timeout(120)
class ClientsExperimentTest {

    @RegisterExtension
    static final AuditLab lab = new AuditLab(LabConfig.builder());

    @Test
    void aClientOnOneConnectionShowsEveryAnswerOnOneExitThroughOneTunnel() throws Exception {
        ClientsExperiment.Setup s = lab.setup(60, 20, 2, List.of(TestClients.ONE_CONNECTION));

        LoadRow row = ClientsExperiment.load(s, TestClients.ONE_CONNECTION, false, new Mask(List.of()));

        assertThat(row.ok()).as("ok answers").isEqualTo(60);
        assertThat(row.topExitShare()).as("share of the most-used exit").isEqualTo(1.0);
        assertThat(row.uniqueExits()).as("unique exits").isEqualTo(1);
        assertThat(row.tunnelsOpened()).as("tunnels the gateway opened").isEqualTo(1);
        assertThat(row.peakTunnels()).as("peak concurrent tunnels").isEqualTo(1);
        assertThat(row.http()).isEqualTo(Map.of(Answer.HTTP11, 60L));
        assertThat(row.p50Ms()).isPositive().isLessThanOrEqualTo(row.p99Ms());
        assertThat(row.requestsPerSecond()).isPositive();
        assertThat(row.limits()).isEqualTo(LoadRow.DEFAULTS);
        assertThat(row.line()).isNull();
    }

    /**
     * With 100 ms added to each round trip between client and gateway, a request on a new tunnel takes several of
     * them, so each wave of requests in flight holds its tunnels open across several 50 ms samples.
     */
    @Test
    void aConnectionPerRequestShowsATunnelAndAnExitPerRequestAndTheRequestsInFlightAtThePeak() throws Exception {
        try (AuditLab slow = AuditLab.start(LabConfig.builder()
                .latency(new LatencyPlan(Duration.ofMillis(100), Duration.ZERO, Duration.ZERO)))) {
            ClientsExperiment.Setup s = slow.setup(40, 10, 2, List.of(TestClients.CONNECTION_PER_REQUEST));

            LoadRow row = ClientsExperiment.load(s, TestClients.CONNECTION_PER_REQUEST, true, new Mask(List.of()));

            assertThat(row.ok()).as("ok answers").isEqualTo(40);
            assertThat(row.tunnelsOpened()).as("tunnels the gateway opened").isEqualTo(40);
            assertThat(row.uniqueExits()).as("unique exits of a rotating gateway").isEqualTo(40);
            assertThat(row.topExitShare()).as("share of the most-used exit").isEqualTo(1 / 40.0);
            // The gateway counts a tunnel until it sees the client's close, half a round trip later, which is when it
            // also sees the CONNECT the client sent next: a moment may count both, never fewer than in flight.
            assertThat(row.peakTunnels()).as("peak concurrent tunnels").isBetween(10L, 20L);
            assertThat(row.p50Ms()).as("a new tunnel costs several 100 ms round trips").isGreaterThan(200);
            assertThat(row.line()).isEqualTo(TestClients.CONNECTION_PER_REQUEST.raiseLimits(10));
        }
    }

    @Test
    void proxybenchNeverSendsOneSessionsRequestOverTheOtherSessionsTunnel() throws Exception {
        AuditedClient proxybench = new ProxybenchAudit();
        ClientsExperiment.Setup s = lab.setup(10, 2, 40, List.of(proxybench));
        List<ClientsExperiment.Session> sessions = ClientsExperiment.sessions(s, "isolation1");

        IsolationRow row = ClientsExperiment.isolation(s, proxybench, false, sessions.get(0), sessions.get(1),
                new Mask(List.of()));

        assertThat(sessions.get(0).exit()).as("the two sessions' exits").isNotEqualTo(sessions.get(1).exit());
        assertThat(row.mixed()).as("answers from the other session's exit").isZero();
        assertThat(row.ok()).as("answers from the session's own exit").isEqualTo(40);
        assertThat(row.failed() + row.elsewhere()).isZero();
        assertThat(row.mixes()).isFalse();
    }

    @Test
    void aClientThatKeepsItsFirstCredentialsIsCaughtMixingSessions() throws Exception {
        ClientsExperiment.Setup s = lab.setup(10, 2, 10, List.of(TestClients.FIRST_CREDENTIALS_ONLY));
        List<ClientsExperiment.Session> sessions = ClientsExperiment.sessions(s, "isolation2");

        IsolationRow row = ClientsExperiment.isolation(s, TestClients.FIRST_CREDENTIALS_ONLY, false, sessions.get(0),
                sessions.get(1), new Mask(List.of()));

        assertThat(row.ok()).as("session A's answers, from its exit").isEqualTo(5);
        assertThat(row.mixed()).as("session B's answers, all from A's exit").isEqualTo(5);
        assertThat(row.mixes()).isTrue();
        assertThat(row.mode()).isEqualTo(IsolationRow.ONE_CLIENT);
        assertThat(row.how()).isEqualTo(TestClients.FIRST_CREDENTIALS_ONLY.perRequestCredentials());
    }

    @Test
    void aWholeRunHasEachClientAtDefaultsThenRaisedAndItsIsolationWithoutAndWithTheWorkaround() throws Exception {
        ClientsResult r = ClientsExperiment.run(lab.setup(20, 5, 4,
                List.of(TestClients.ONE_CONNECTION, TestClients.FIRST_CREDENTIALS_ONLY)));

        assertThat(r.loads()).extracting(LoadRow::client, LoadRow::limits).containsExactly(
                org.assertj.core.groups.Tuple.tuple("ONE_CONNECTION", LoadRow.DEFAULTS),
                org.assertj.core.groups.Tuple.tuple("ONE_CONNECTION", LoadRow.RAISED),
                org.assertj.core.groups.Tuple.tuple("FIRST_CREDENTIALS_ONLY", LoadRow.DEFAULTS),
                org.assertj.core.groups.Tuple.tuple("FIRST_CREDENTIALS_ONLY", LoadRow.RAISED));
        assertThat(r.isolation()).extracting(IsolationRow::mode).containsExactly(IsolationRow.ONE_CLIENT,
                IsolationRow.WORKAROUND, IsolationRow.ONE_CLIENT, IsolationRow.WORKAROUND);
        assertThat(r.loads()).allSatisfy(l -> assertThat(l.ok()).isEqualTo(20));
        assertThat(r.requests()).isEqualTo(20);
        assertThat(r.inFlight()).isEqualTo(5);
        assertThat(ClientsTable.text(r)).contains("FIRST_CREDENTIALS_ONLY", "YES", "a test lab")
                .contains(TestClients.ONE_CONNECTION.raiseLimits(5));
    }

    @Test
    void aClientThatCannotCarryTwoAccountsHasNoOneClientCheckButItsWorkaroundIsRun() throws Exception {
        AuditedClient oneAccount = new io.proxybench.audit.clients.JettyAudit();

        ClientsResult r = ClientsExperiment.run(lab.setup(10, 5, 4, List.of(oneAccount)));

        assertThat(r.isolation()).extracting(IsolationRow::mode, IsolationRow::verdict).containsExactly(
                org.assertj.core.groups.Tuple.tuple(IsolationRow.ONE_CLIENT, IsolationRow.NOT_RUN),
                org.assertj.core.groups.Tuple.tuple(IsolationRow.WORKAROUND, IsolationRow.APART));
        assertThat(r.isolation().get(0).how()).isEqualTo(oneAccount.perRequestCredentials());
        assertThat(r.isolation().get(0).requests()).isZero();
        assertThat(ClientsTable.text(r)).contains("n/a");
    }

    @Test
    void failuresWithoutMixingLeaveTheVerdictOpen() {
        IsolationRow r = IsolationRow.measured("c", IsolationRow.ONE_CLIENT, "how", 10, 5, 0, 0, 5, "status 407");
        IsolationRow mixed = IsolationRow.measured("c", IsolationRow.ONE_CLIENT, "how", 10, 4, 1, 0, 5, "x");

        assertThat(r.verdict()).isEqualTo(IsolationRow.UNCLEAR);
        assertThat(r.mixes()).isFalse();
        assertThat(mixed.verdict()).isEqualTo(IsolationRow.MIXES);
    }

    @Test
    void sessionsThatShareAnExitAreRefusedByName() throws Exception {
        try (AuditLab one = AuditLab.start(LabConfig.builder().exits(1))) {
            ClientsExperiment.Setup s = one.setup(10, 2, 2, List.of(new ProxybenchAudit()));

            assertThatThrownBy(() -> ClientsExperiment.sessions(s, "shared"))
                    .hasMessageContaining("got one exit for both");
        }
    }

    @Test
    void badSizesAreNamedWithTheirOption() {
        assertThatThrownBy(() -> ClientsExperiment.checkSizes(0, 1, 2, 0, Duration.ofSeconds(1)))
                .hasMessage("--requests must be at least 1, got 0");
        assertThatThrownBy(() -> ClientsExperiment.checkSizes(1, 1, 3, 0, Duration.ofSeconds(1)))
                .hasMessageContaining("--isolation-requests must be even and at least 2");
        assertThatThrownBy(() -> ClientsExperiment.checkSizes(1, 5000, 2, 0, Duration.ofSeconds(1)))
                .hasMessageContaining("--in-flight 5000 is out of range");
        assertThatThrownBy(() -> ClientsExperiment.checkSizes(1, 1, 2, -1, Duration.ofSeconds(1)))
                .hasMessage("--warm-up must be 0 or more, got -1");
        assertThatThrownBy(() -> ClientsExperiment.checkSizes(1, 1, 2, 0, Duration.ZERO))
                .hasMessageContaining("--time-limit must be positive");
    }

    @Test
    void aPlainHttpTargetOrAProxyWithoutAccountIsRefused() {
        ClientsExperiment.Setup s = lab.setup(1, 1, 2, List.of(new ProxybenchAudit()));

        assertThatThrownBy(() -> new ClientsExperiment.Setup(s.gateway(), s.template(),
                java.net.URI.create("http://127.0.0.1:1/"), null, 1, 1, 2, 0, s.clients(), null, "x", s.limit()))
                .hasMessageContaining("--url must be https://");
        assertThatThrownBy(() -> new ClientsExperiment.Setup(s.gateway().withCredentials(null), s.template(),
                s.target(), null, 1, 1, 2, 0, s.clients(), null, "x", s.limit()))
                .hasMessageContaining("needs the proxy's account");
    }
}
