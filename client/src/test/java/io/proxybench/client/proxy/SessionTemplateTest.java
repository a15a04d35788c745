package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SessionTemplateTest {

    private static final ProxyCredentials BASE = new ProxyCredentials("user", "s3cret");

    @ParameterizedTest
    @CsvSource({
        "'{pass}_session-{id}', , , user, s3cret_session-abc1",
        "'{user}-session-{id}', , , user-session-abc1, s3cret",
        "'{pass}_session-{id}_lifetime-{lifetime}', 600, , user, s3cret_session-abc1_lifetime-10m",
        "'{user}-country-{country}-session-{id}', , de, user-country-DE-session-abc1, s3cret",
    })
    void renderedCredentialsReadBackInTheLabDialect(String text, Long lifetimeSeconds, String country,
            String expectedUser, String expectedPassword) {
        SessionTemplate template = SessionTemplate.parse(text);
        Duration lifetime = lifetimeSeconds == null ? null : Duration.ofSeconds(lifetimeSeconds);
        if (lifetime != null) {
            template = template.withLifetime(lifetime);
        }
        if (country != null) {
            template = template.withCountry(country);
        }

        ProxyCredentials applied = template.apply(BASE, "abc1");

        assertThat(applied.user()).isEqualTo(expectedUser);
        assertThat(applied.password()).isEqualTo(expectedPassword);
        ParsedCredentials parsed = Dialect.lab().read(applied.user(), applied.password());
        assertThat(parsed.user()).isEqualTo("user");
        assertThat(parsed.password()).isEqualTo("s3cret");
        assertThat(parsed.session()).isEqualTo(new SessionParams(SessionKind.SESSION, "abc1", lifetime,
                country == null ? null : "DE"));
    }

    @ParameterizedTest
    @CsvSource({"45, 45s", "120, 2m", "7200, 2h", "5400, 90m", "3601, 3601s"})
    void lifetimeIsRenderedInItsShortestWholeUnit(long seconds, String rendered) {
        SessionTemplate template = SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}")
                .withLifetime(Duration.ofSeconds(seconds));

        assertThat(template.apply(BASE, "x").password()).isEqualTo("s3cret_session-x_lifetime-" + rendered);
        assertThat(Dialect.lab().read("user", template.apply(BASE, "x").password()).session().lifetime())
                .isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void applyToProxyKeepsEndpointAndRewritesOnlyTheTemplatesField() {
        ProxySpec proxy = ProxySpec.parse("http://user:s3cret@gw.example:9000");

        ProxySpec applied = SessionTemplate.parse("{user}-session-{id}").apply(proxy, "w7");

        assertThat(applied.endpoint()).isEqualTo("gw.example:9000");
        assertThat(applied.scheme()).isEqualTo(proxy.scheme());
        assertThat(applied.credentials()).isEqualTo(new ProxyCredentials("user-session-w7", "s3cret"));
    }

    @Test
    void valuesThatLookLikePlaceholdersAreCopiedNotExpanded() {
        ProxyCredentials base = new ProxyCredentials("user", "p{id}");

        assertThat(SessionTemplate.parse("{pass}_session-{id}").apply(base, "z9").password())
                .isEqualTo("p{id}_session-z9");
    }

    @Test
    void proxyWithoutCredentialsIsRejectedWithTheFix() {
        ProxySpec proxy = ProxySpec.parse("http://gw.example:9000");

        assertThatThrownBy(() -> SessionTemplate.parse("{pass}_session-{id}").apply(proxy, "a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs user:pass for sessions")
                .hasMessageContaining("http://user:pass@gw.example:9000");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{pass}_session-{sid}                 | unknown placeholder {sid}",
        "{pass}_session                       | has no {id}",
        "{user}-{pass}-session-{id}           | both {user} and {pass}",
        "session-{id}                         | neither {user} nor {pass}",
        "{pass}_session-{id}-{id}             | {id} appears more than once",
        "{pass}_session-{id                   | is not closed",
        "{pass}_session-id}                   | has no '{' before it",
        "{pass}_session-{i{id}                | is not closed",
        "'   '                                | it is empty",
    })
    void malformedTemplatesNameTheProblemAndTheAcceptedForms(String text, String problem) {
        assertThatThrownBy(() -> SessionTemplate.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem)
                .hasMessageContaining("e.g. {pass}_session-{id}, {user}-session-{id}");
    }

    @Test
    void placeholdersWithoutValuesFailAtApply() {
        assertThatThrownBy(() -> SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}").apply(BASE, "a"))
                .hasMessageContaining("has {lifetime} but no value is set for it; set a lifetime");
        assertThatThrownBy(() -> SessionTemplate.parse("{user}-country-{country}-session-{id}").apply(BASE, "a"))
                .hasMessageContaining("has {country} but no value is set for it; set a country");
    }

    @Test
    void settingsWithoutTheirPlaceholderAreRejected() {
        SessionTemplate plain = SessionTemplate.parse("{pass}_session-{id}");

        assertThatThrownBy(() -> plain.withLifetime(Duration.ofMinutes(5))).hasMessageContaining("no {lifetime}");
        assertThatThrownBy(() -> plain.withCountry("US")).hasMessageContaining("no {country}");
    }

    @Test
    void badSettingValuesAreRejected() {
        SessionTemplate t = SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}");
        SessionTemplate c = SessionTemplate.parse("{user}-country-{country}-session-{id}");

        assertThatThrownBy(() -> t.withLifetime(Duration.ZERO)).hasMessageContaining("whole number of seconds, at least 1");
        assertThatThrownBy(() -> t.withLifetime(Duration.ofMillis(1500))).hasMessageContaining("whole number");
        assertThatThrownBy(() -> c.withCountry("USA")).hasMessageContaining("two-letter code");
    }

    @ParameterizedTest
    @CsvSource({"''", "a-b", "a_b", "wörker", "'a b'"})
    void idsOutsideTheLabSyntaxAreRejected(String id) {
        assertThatThrownBy(() -> SessionTemplate.parse("{pass}_session-{id}").apply(BASE, id))
                .hasMessageContaining("must be 1 to 64 letters and digits");
        assertThatThrownBy(() -> SessionTemplate.parse("{pass}_session-{id}").apply(BASE, "a".repeat(65)))
                .hasMessageContaining("must be 1 to 64 letters and digits");
    }

    @Test
    void errorsAndToStringNeverShowThePassword() {
        SessionTemplate template = SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}");

        ProxySpec proxy = ProxySpec.parse("http://user:s3cret@gw.example:9000");

        assertThatThrownBy(() -> template.apply(BASE, "a")).message().doesNotContain("s3cret");
        assertThatThrownBy(() -> template.apply(BASE, "a-b")).message().doesNotContain("s3cret");
        assertThat(template.withLifetime(Duration.ofMinutes(1)).apply(proxy, "a").toString())
                .isEqualTo("http://user:****@gw.example:9000");
        assertThat(template.toString()).doesNotContain("s3cret");
    }
}
