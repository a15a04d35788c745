package io.proxybench.cli;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How a command writes sessions into proxy credentials: a provider's dialect ({@code --provider}) or a template
 * ({@code --session-template}), and what every session asks for besides its id (lifetime, country, state, city,
 * ASN). The values are checked against the dialect when the template is made, so a provider that cannot say one is
 * an error naming it, before any request.
 */
final class SessionOptions {

    /** Why session options need an account in the proxy URL. */
    static final String NO_ACCOUNT = "--provider, --session-template and the session options write into the proxy"
            + " credentials, but the proxy URL has none: give user:pass in it (or PROXY_USER / PROXY_PASS)";

    @Option(names = "--provider", paramLabel = "NAME",
            description = "Write sessions in this provider's documented syntax: lab, brightdata, oxylabs, decodo"
                    + " (smartproxy), iproyal, evomi, soax, netnut, webshare, geonode (README: \"Providers\").")
    String provider;

    @Option(names = "--session-template", paramLabel = "TEMPLATE",
            description = "Write sessions with this template instead of a provider's syntax, e.g."
                    + " {user}-country-{country}-session-{id} (experiments on the lab default to "
                    + SessionTemplate.DEFAULT_TEXT + ").")
    String template;

    @Option(names = "--session-lifetime", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Ask for this session lifetime (whole seconds; in the provider's units).")
    Duration lifetime;

    @Option(names = "--country", paramLabel = "CC", description = "Ask for exits in this country (two letters).")
    String country;

    @Option(names = "--state", paramLabel = "NAME", description = "Ask for exits in this state or region.")
    String state;

    @Option(names = "--city", paramLabel = "NAME", description = "Ask for exits in this city, e.g. new_york.")
    String city;

    @Option(names = "--asn", paramLabel = "N", description = "Ask for exits in this autonomous system.")
    Integer asn;

    /**
     * The sessions asked for, or null when none of these options was given (requests then use the proxy's
     * credentials as they are).
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    SessionTemplate templateOrNull() {
        if (provider == null && template == null && lifetime == null && country == null && state == null
                && city == null && asn == null) {
            return null;
        }
        return template();
    }

    /**
     * The sessions asked for; the lab's dialect ({@code PASS_session-ID}) when neither {@code --provider} nor
     * {@code --session-template} is given.
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    SessionTemplate template() {
        if (provider != null && template != null) {
            throw new IllegalArgumentException("--provider and --session-template exclude each other: a preset is a"
                    + " provider's template; give one");
        }
        SessionTemplate sessions;
        try {
            sessions = provider != null ? SessionTemplate.of(Dialect.named(provider))
                    : template != null ? SessionTemplate.parse(template) : SessionTemplate.of(Dialect.lab());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((provider != null ? "--provider: " : "--session-template: ")
                    + e.getMessage(), e);
        }
        try {
            if (lifetime != null) {
                sessions = sessions.withLifetime(lifetime);
            }
            if (country != null) {
                sessions = sessions.withCountry(country);
            }
            if (state != null) {
                sessions = sessions.withState(state);
            }
            if (city != null) {
                sessions = sessions.withCity(city);
            }
            if (asn != null) {
                sessions = sessions.withAsn(asn);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--session-lifetime/--country/--state/--city/--asn: " + e.getMessage(),
                    e);
        }
        return sessions;
    }

    /**
     * The sessions for an experiment: on the embedded lab, which speaks the lab's dialect, only a template or the
     * lab's own preset may be given.
     *
     * @param onLab whether the experiment runs on the embedded lab
     * @throws IllegalArgumentException for another provider's dialect on the lab, or as {@link #template()}
     */
    SessionTemplate forExperiment(boolean onLab) {
        if (onLab && provider != null && !template().dialect().equals(Dialect.lab())) {
            throw new IllegalArgumentException("--provider " + provider + " goes with --proxy: the embedded lab"
                    + " speaks the lab's dialect. To try " + provider + "'s on the lab, start `proxybench lab"
                    + " --dialect " + provider + "` and pass its gateway as --proxy");
        }
        return template();
    }

    /**
     * {@code proxy} with the provider's rotating form and any targeting written into its credentials, for commands
     * whose requests rotate ({@code ramp}, {@code bytes}, {@code fingerprint}): as given when no session option was.
     *
     * @throws IllegalArgumentException as {@link #template()}, or when the dialect cannot write rotation
     */
    ProxySpec rotating(ProxySpec proxy) {
        SessionTemplate sessions = templateOrNull();
        if (sessions == null) {
            return proxy;
        }
        if (proxy.credentials() == null) {
            throw new IllegalArgumentException(NO_ACCOUNT);
        }
        return proxy.withCredentials(sessions.dialect().write(proxy.credentials(), sessions.rotating()));
    }

    /** Refuses every session option on the embedded lab, whose requests these commands shape themselves. */
    void refuseOnLab() {
        if (templateOrNull() != null) {
            throw new IllegalArgumentException("--provider, --session-template and the session options go with"
                    + " --proxy: on the embedded lab this command writes its own credentials");
        }
    }
}
