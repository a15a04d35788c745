package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.Duration;

/**
 * Session templates and session ids as a stranger may pass them: parsing and rendering return credentials that
 * carry the session or throw an {@link IllegalArgumentException} with a message; the password never shows in one.
 */
class SessionTemplateFuzzTest {

    private static final String SECRET = "Zq7secretPw";

    @FuzzTest(maxDuration = "20s")
    void parseAndApplyReturnCredentialsOrSayWhatIsWrong(FuzzedDataProvider data) {
        String text = data.consumeString(80);
        long lifetimeSeconds = data.consumeLong(-5, 100_000);
        String country = data.consumeString(3);
        String id = data.consumeRemainingAsString();
        ProxyCredentials base = new ProxyCredentials("alice", SECRET);
        try {
            SessionTemplate template = SessionTemplate.parse(text);
            if (text.contains("{lifetime}")) {
                template = template.withLifetime(Duration.ofSeconds(lifetimeSeconds));
            }
            if (text.contains("{country}")) {
                template = template.withCountry(country);
            }
            ProxyCredentials rendered = template.apply(base, id);
            assertThat(rendered.toString()).doesNotContain(SECRET);
            String field = text.contains("{user}") ? rendered.user() : rendered.password();
            assertThat(field).contains(id);
            ParsedCredentials read = template.dialect().read(rendered.user(), rendered.password());
            assertThat(read.session().id()).isEqualTo(id);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain(SECRET);
        }
    }
}
