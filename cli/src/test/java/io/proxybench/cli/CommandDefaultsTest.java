package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.ClientsOnLab;
import io.proxybench.audit.clients.ClientName;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.bytes.BytesOnLab;
import io.proxybench.experiments.fingerprint.FingerprintOnLab;
import io.proxybench.experiments.h2gateway.H2GatewayOnLab;
import io.proxybench.experiments.keepalive.KeepAliveOnLab;
import io.proxybench.experiments.owners.OwnersOnLab;
import io.proxybench.experiments.ramp.RampOnLab;
import io.proxybench.experiments.ramp.RampThresholds;
import io.proxybench.experiments.reuse.ReuseOnLab;
import io.proxybench.experiments.sessions.SessionsOnLab;
import io.proxybench.experiments.sizepool.SizePoolOnLab;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.recursive.comparison.RecursiveComparisonConfiguration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The sizes a demo runs each experiment at (its {@code DEMO}) are the ones its command's defaults give, read as the
 * command line reads them, except the few the demo shortens, which each {@code DEMO}'s javadoc names.
 */
class CommandDefaultsTest {

    /**
     * The command of {@code type} with every option at its default, read as the command line reads it: the
     * subcommand's own instance after {@code proxybench NAME} is parsed with nothing else given.
     */
    private static <T> T defaults(T type) {
        String name = type.getClass().getAnnotation(CommandLine.Command.class).name();
        CommandLine cli = Main.commandLine();
        cli.parseArgs(name);
        return cli.getSubcommands().get(name).getCommand();
    }

    /** Field by field, each value by its own {@code equals}, leaving out {@code shortened}. */
    private static RecursiveComparisonConfiguration except(String... shortened) {
        return RecursiveComparisonConfiguration.builder().withIgnoredFields(shortened)
                .withIgnoreAllOverriddenEquals(false).build();
    }

    @Test
    void eachDemoRunIsItsCommandsDefaultsButForWhatTheDemoShortens() {
        ReuseCommand reuse = defaults(new ReuseCommand());
        assertThat(reuse.onLab(reuse.sessionOptions.given().template())).isEqualTo(ReuseOnLab.DEMO);

        OwnersCommand owners = defaults(new OwnersCommand());
        assertThat(owners.onLab(owners.sessionOptions.given().template())).usingRecursiveComparison(except("rounds"))
                .isEqualTo(OwnersOnLab.DEMO);
        assertThat(OwnersOnLab.DEMO.rounds()).isEqualTo(5).isLessThan(owners.rounds);

        KeepAliveCommand keepAlive = defaults(new KeepAliveCommand());
        assertThat(keepAlive.onLab(keepAlive.sessionOptions.given().template()))
                .usingRecursiveComparison(except("rowTime")).isEqualTo(KeepAliveOnLab.DEMO);
        assertThat(KeepAliveOnLab.DEMO.rowTime()).isEqualTo(keepAlive.rowTime.dividedBy(2));

        SessionsCommand sessions = defaults(new SessionsCommand());
        assertThat(sessions.onLab(sessions.sessionOptions.given().template()))
                .usingRecursiveComparison(except("duration")).isEqualTo(SessionsOnLab.DEMO);
        assertThat(SessionsOnLab.DEMO.duration()).isEqualTo(Duration.ofSeconds(4));

        SizePoolCommand sizePool = defaults(new SizePoolCommand());
        assertThat(sizePool.options().onLab(sizePool.sessionOptions.given().template()))
                .usingRecursiveComparison(except("liveFor")).isEqualTo(SizePoolOnLab.DEMO);
        assertThat(SizePoolOnLab.DEMO.liveFor()).isEqualTo(Duration.ofSeconds(2));

        BytesCommand bytes = defaults(new BytesCommand());
        assertThat(bytes.onLab(BytesOnLab.offers(bytes.groups))).usingRecursiveComparison(except("samples"))
                .isEqualTo(BytesOnLab.DEMO);
        assertThat(BytesOnLab.DEMO.samples()).isEqualTo(bytes.samples / 2);

        H2GatewayCommand h2 = defaults(new H2GatewayCommand());
        assertThat(h2.onLab(h2.sessionOptions.given().template())).usingRecursiveComparison(except("rate", "duration"))
                .isEqualTo(H2GatewayOnLab.DEMO);
        assertThat(H2GatewayOnLab.DEMO.rate()).isEqualTo(150);
        assertThat(H2GatewayOnLab.DEMO.duration()).isEqualTo(Duration.ofSeconds(4));

        ClientsCommand clients = defaults(new ClientsCommand());
        List<AuditedClient> all = ClientName.all();
        assertThat(clients.onLab(all, clients.sessionOptions.given().template()))
                .usingRecursiveComparison(except("clients", "requests", "warmUp")).isEqualTo(ClientsOnLab.DEMO);
        assertThat(ClientsOnLab.DEMO.clients()).extracting(AuditedClient::name)
                .containsExactlyElementsOf(all.stream().map(AuditedClient::name).toList());
        assertThat(ClientsOnLab.DEMO.requests()).isEqualTo(clients.requests / 2);
        assertThat(ClientsOnLab.DEMO.warmUp()).isEqualTo(clients.warmUp / 2);

        FingerprintCommand fingerprint = defaults(new FingerprintCommand());
        assertThat(new FingerprintOnLab(fingerprint.http11)).isEqualTo(FingerprintOnLab.DEMO);

        // The demo's ramp has a limit of its own to find; its thresholds and timeouts are the command's.
        RampCommand ramp = defaults(new RampCommand());
        assertThat(RampOnLab.DEMO.thresholds()).isEqualTo(new RampThresholds(ramp.maxErrors, null));
        assertThat(RampOnLab.DEMO.timeouts()).isEqualTo(TimeoutOption.parse(ramp.timeout));
    }

    @Test
    void experimentsOnTheLabDefaultToTheLabsDialect() {
        assertThat(defaults(new SessionsCommand()).sessionOptions.given().template().dialect())
                .isEqualTo(Dialect.lab());
        assertThat(SessionsOnLab.DEMO.sessions()).isEqualTo(SessionTemplate.of(Dialect.lab()));
    }

    @Test
    void helpShowsTheSharedSessionTemplateDefault() {
        for (String command : List.of("reuse", "owners", "keepalive", "sessions", "size-pool", "h2-gateway")) {
            assertThat(MainTest.run(command, "--help").out().replaceAll("\\s+", " ")).as(command)
                    .contains("(experiments on the lab default to " + SessionTemplate.DEFAULT_TEXT + ")")
                    .contains("--provider=NAME");
        }
    }
}
