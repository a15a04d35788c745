package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.GatewayCounters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's client example is this module's {@link CountHandshakes}, and it tells the truth about the lab. */
class CountHandshakesTest {

    private static final Path SOURCE = Path.of("src/main/java/io/proxybench/examples/CountHandshakes.java");
    private static final Pattern TOTALS = Pattern.compile(
            "requests (\\d+), connections opened (\\d+), handshakes per 1,000 (\\d+), reuse (\\d+)%");

    @Test
    void theReadmeShowsTheExampleAsItIs() throws IOException {
        ReadmeExample.assertShownAsItIs(SOURCE);
    }

    @Test
    void itCountsTheConnectionsTheGatewaySaw() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().auth("user", "pass").build())) {
            String proxy = "http://user:pass@" + lab.host() + ":" + lab.gatewayPort();
            String url = "https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace";
            String out = run(proxy, url, lab.caFile().toString());

            Matcher totals = TOTALS.matcher(out);
            assertThat(totals.find()).as("a totals line in:%n%s", out).isTrue();
            long requests = Long.parseLong(totals.group(1));
            long opened = Long.parseLong(totals.group(2));
            long tunnels = lab.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT);
            assertThat(requests).isEqualTo(40);
            assertThat(out).doesNotContain("failed:").contains("200 via");
            assertThat(opened).as("connections opened, as the gateway counted its tunnels").isEqualTo(tunnels)
                    .isBetween(4L, 8L);
            assertThat(Long.parseLong(totals.group(3))).isEqualTo(Math.round(1000.0 * opened / requests));
            assertThat(out).as("one exit line per session").containsPattern("(?s)(session-[^:]+: \\d+ opened.*){4}")
                    .doesNotContain("pass@").doesNotContain(":pass");
        }
    }

    private static String run(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            CountHandshakes.main(args);
        } finally {
            System.setOut(stdout);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
