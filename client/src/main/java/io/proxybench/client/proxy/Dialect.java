package io.proxybench.client.proxy;

import io.proxybench.client.internal.dialect.Presets;
import io.proxybench.client.internal.dialect.TemplateDialect;
import java.util.List;

/**
 * How one provider writes a session into proxy credentials: Oxylabs' {@code customer-USER-cc-US-sessid-abc-sesstime-10},
 * IPRoyal's {@code PASS_country-us_session-abc12345_lifetime-30m}, the lab's {@code PASS_session-abc_lifetime-10m}.
 * A client {@linkplain #write writes} a session it chose, and keeps the {@link SessionParams} it wrote (the pool key,
 * keep-alive and labels read those, never the string); a gateway speaking the dialect {@linkplain #read reads} them.
 *
 * <p>Invariants of every implementation: {@code read(write(account, s))} gives back {@code account} and {@code s};
 * error messages name the part at fault and never quote a value from the password; implementations are immutable
 * and thread-safe.
 */
public interface Dialect {

    /**
     * The dialect's name, as {@code --provider} takes it: {@code oxylabs}, {@code lab}, or a template's text.
     *
     * @return the name
     */
    String name();

    /**
     * What the provider documents about session lifetimes, and where.
     *
     * @return the rules
     */
    SessionRules rules();

    /**
     * The session id this dialect writes for a {@link SessionRouter}'s id (1 to 64 letters and digits): the id itself
     * when the provider accepts it, else one of the provider's form derived from it (IPRoyal's eight characters,
     * Webshare's digits). The same router id always gives the same result.
     *
     * @param routerId the router's id
     * @return the id to write
     */
    default String sessionId(String routerId) {
        return routerId;
    }

    /**
     * The account with {@code session} written into it.
     *
     * @param account the account as the provider issued it, without session parameters
     * @param session the session to ask for
     * @return the credentials to send
     * @throws IllegalArgumentException when this dialect cannot say part of {@code session} (a parameter it lacks, a
     *     lifetime outside its bounds or units, an id it does not accept); the message names the part and the fix
     */
    ProxyCredentials write(ProxyCredentials account, SessionParams session);

    /**
     * Checks that this dialect can say everything {@code session} sets; unlike {@link #write}, a value the dialect
     * needs but {@code session} lacks (a template's {@code {lifetime}} with no lifetime yet) is not an error here.
     *
     * @param session the session to check
     * @throws IllegalArgumentException as {@link #write} for a part this dialect cannot say
     */
    default void check(SessionParams session) {
        write(new ProxyCredentials("user", "pass"), session);
    }

    /**
     * Splits credentials into the account and the session they ask for; {@code null} fields count as empty.
     *
     * @param username the username as received
     * @param password the password as received; a secret
     * @return the account part of each field and the session, {@link SessionParams#ROTATING} (possibly targeted)
     *     when they name none
     * @throws IllegalArgumentException naming the parameter at fault (unknown, without a value, given twice,
     *     malformed or out of bounds), never quoting a value from the password
     */
    ParsedCredentials read(String username, String password);

    /**
     * The lab's own grammar: parameters appended to the password or the username, each {@code key-value}, joined by
     * {@code _} or {@code -}: {@code session-ID}, {@code hardsession-ID}, {@code lockedsession-ID},
     * {@code lifetime-N[smh]} (with {@code session}), {@code country-XX}, {@code asn-N}. It writes to the password.
     *
     * @return the lab's dialect
     */
    static Dialect lab() {
        return Presets.LAB;
    }

    /**
     * The preset for a provider, by name (case-insensitive): {@code lab} and the providers of {@link #presets()}.
     *
     * @param name e.g. {@code oxylabs}, {@code brightdata}, {@code decodo}
     * @return the preset
     * @throws IllegalArgumentException naming the unknown provider and listing the known ones
     */
    static Dialect named(String name) {
        return Presets.named(name);
    }

    /**
     * Every preset, the lab's first; each cites its provider's documentation in {@link SessionRules#documentation()}.
     *
     * @return the presets
     */
    static List<Dialect> presets() {
        return Presets.ALL;
    }

    /**
     * A dialect written as a template, for providers without a preset: {@code {user}} or {@code {pass}} (the field
     * it rewrites), {@code {id}}, and optionally {@code {lifetime}} (as {@code N[smh]}) and {@code {country}}, e.g.
     * {@code {pass}_session-{id}} or {@code {user}-country-{country}-session-{id}}. It reads credentials back by
     * matching the template.
     *
     * @param text the template
     * @return the dialect
     * @throws IllegalArgumentException naming the fault (unknown placeholder, missing {@code {id}}, both or neither
     *     of {@code {user}} and {@code {pass}}, a repeated placeholder, a stray brace) and the accepted forms
     */
    static Dialect template(String text) {
        return TemplateDialect.parse(text);
    }
}
