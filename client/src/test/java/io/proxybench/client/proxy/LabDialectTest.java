package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabDialectTest {

    @Test
    void noParametersMeansRotating() {
        ParsedCredentials c = Dialect.lab().read("user", "pass");
        assertThat(c.user()).isEqualTo("user");
        assertThat(c.password()).isEqualTo("pass");
        assertThat(c.session()).isEqualTo(SessionParams.ROTATING);
    }

    @Test
    void sessionAndLifetimeInPassword() {
        ParsedCredentials c = Dialect.lab().read("user", "pass_session-abc_lifetime-10m");
        assertThat(c.password()).isEqualTo("pass");
        assertThat(c.session()).isEqualTo(new SessionParams(SessionKind.SESSION, "abc", Duration.ofMinutes(10), null));
    }

    @Test
    void sessionInUsernameWithDashes() {
        ParsedCredentials c = Dialect.lab().read("user-session-abc", "pass");
        assertThat(c.user()).isEqualTo("user");
        assertThat(c.password()).isEqualTo("pass");
        assertThat(c.session()).isEqualTo(new SessionParams(SessionKind.SESSION, "abc", null, null));
    }

    @ParameterizedTest
    @CsvSource({
        "u, p_hardsession-h1, HARD, h1, , ",
        "u, p_lockedsession-L9_country-de, LOCKED, L9, , DE",
        "u-country-US, p, ROTATING, , , US",
        "u, p-session-x1-lifetime-30s, SESSION, x1, 30, ",
        "u_session-x2, p_lifetime-2h, SESSION, x2, 7200, ",
        "u, p_country-gb_session-z, SESSION, z, , GB",
    })
    void everyForm(String user, String pass, SessionKind kind, String id, Long lifetimeSeconds, String country) {
        SessionParams s = Dialect.lab().read(user, pass).session();
        assertThat(s.kind()).isEqualTo(kind);
        assertThat(s.id()).isEqualTo(id);
        assertThat(s.lifetime()).isEqualTo(lifetimeSeconds == null ? null : Duration.ofSeconds(lifetimeSeconds));
        assertThat(s.country()).isEqualTo(country);
    }

    @Test
    void accountPartMayHoldSeparatorsBeforeTheFirstKeyword() {
        ParsedCredentials c = Dialect.lab().read("team-a_user", "s3-cr_et_session-q");
        assertThat(c.user()).isEqualTo("team-a_user");
        assertThat(c.password()).isEqualTo("s3-cr_et");
        assertThat(c.session().id()).isEqualTo("q");
    }

    @Test
    void aKeywordAloneIsAnAccountNotAParameter() {
        assertThat(Dialect.lab().read("session", "country").session()).isEqualTo(SessionParams.ROTATING);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "u|p_session-abc_colour-red|unknown session parameter (in the password, not shown) after 'session' in the password",
        "u-session-abc-colour-red|p|unknown session parameter 'colour' after 'session' in the username",
        "u|p_session|'session' in the password has no value",
        "u|p_session-|'session' in the password has no value",
        "u|p_session-a_session-b|'session' is given twice in the password",
        "u-session-a|p_session-b|'session' is given in both the username and the password",
        "u|p_session-a_hardsession-b|choose one session kind",
        "u|p_lifetime-10m|'lifetime' applies to 'session' only; add session-ID",
        "u|p_lockedsession-a_lifetime-1h|lockedsession keeps its exit",
        "u|p_session-a_lifetime-10d|lifetime (in the password, not shown) must be a positive number",
        "u-session-a-lifetime-0s|p|lifetime '0s' must be a positive number",
        "u-country-USA|p|country 'USA' must be a two-letter code",
        "u|p_country-USA|country (in the password, not shown) must be a two-letter code",
        "u|p_session-a!b|session id (in the password, not shown) must be 1 to 64 letters and digits",
    })
    void garbageIsRejectedWithTheParameterNamed(String user, String pass, String message) {
        assertThatThrownBy(() -> Dialect.lab().read(user, pass))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void errorsNeverQuoteAnyPartOfThePassword() {
        assertThatThrownBy(() -> Dialect.lab().read("u", "hunter2_session-a_bogus-1"))
                .hasMessageNotContaining("hunter2").hasMessageNotContaining("bogus");
        assertThatThrownBy(() -> Dialect.lab().read("alice", "Tr0ub4dor-country-is-hunter2"))
                .hasMessageNotContaining("hunter2").hasMessageNotContaining("Tr0ub4dor");
        assertThatThrownBy(() -> Dialect.lab().read("alice", "x_country-h2"))
                .hasMessageNotContaining("h2");
    }

    @Test
    void lifetimesAreWholeSeconds() {
        assertThatThrownBy(() -> new SessionParams(SessionKind.SESSION, "a", Duration.ofMillis(500), null))
                .hasMessageContaining("whole number of seconds");
    }

    @Test
    void suffixRoundTrips() {
        SessionParams s = new SessionParams(SessionKind.SESSION, "abc", Duration.ofSeconds(90), "FR");
        assertThat(s.suffix()).isEqualTo("_session-abc_lifetime-90s_country-FR");
        assertThat(Dialect.lab().read("u", "p" + s.suffix()).session()).isEqualTo(s);
        assertThat(SessionParams.ROTATING.suffix()).isEmpty();
    }

    @Test
    void toStringMasksThePassword() {
        assertThat(Dialect.lab().read("u", "hunter2").toString()).doesNotContain("hunter2").contains("****");
    }
}
