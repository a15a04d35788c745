package io.proxybench.harness.plan;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How a command asked for its sessions to be written, the values as the user gave them: a provider's dialect or a
 * template, and what every session asks for besides its id. {@link #template()} checks them together and makes the
 * {@link SessionTemplate}; the values are checked against the dialect then, so a provider that cannot say one is an
 * error naming it, before any request. Its messages name the settings as the command line spells them
 * ({@code --provider}, {@code --session-template}, {@code --country}, ...), which alternate's windows and the
 * experiments share.
 *
 * @param provider a {@link Dialect} preset's name, or null
 * @param templateText a template's text ({@link SessionTemplate#parse}), or null; not together with {@code provider}
 * @param lifetime the sessions' lifetime, or null for the provider's default
 * @param country the exits' country (two letters), or null
 * @param state the exits' state or region, or null
 * @param city the exits' city, or null
 * @param asn the exits' autonomous system, or null
 */
public record SessionSettings(String provider, String templateText, Duration lifetime, String country,
        String state, String city, Integer asn) {

    /** Why session options need an account in the proxy URL. */
    public static final String NO_ACCOUNT = "--provider, --session-template and the session options write into the"
            + " proxy credentials, but the proxy URL has none: give user:pass in it (or PROXY_USER / PROXY_PASS)";

    /**
     * The sessions asked for, or null when no value was given (requests then use the proxy's credentials as they
     * are).
     *
     * @throws IllegalArgumentException naming the setting at fault and the fix
     */
    public SessionTemplate templateOrNull() {
        if (provider == null && templateText == null && lifetime == null && country == null && state == null
                && city == null && asn == null) {
            return null;
        }
        return template();
    }

    /**
     * The sessions asked for; the lab's dialect ({@code PASS_session-ID}) when neither a provider nor a template is
     * given.
     *
     * @throws IllegalArgumentException naming the setting at fault and the fix
     */
    public SessionTemplate template() {
        if (provider != null && templateText != null) {
            throw new IllegalArgumentException("--provider and --session-template exclude each other: a preset is a"
                    + " provider's template; give one");
        }
        SessionTemplate sessions;
        try {
            sessions = provider != null ? SessionTemplate.of(Dialect.named(provider))
                    : templateText != null ? SessionTemplate.parse(templateText) : SessionTemplate.of(Dialect.lab());
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
    public SessionTemplate forExperiment(boolean onLab) {
        if (onLab && provider != null && !template().dialect().equals(Dialect.lab())) {
            throw new IllegalArgumentException("--provider " + provider + " goes with --proxy: the embedded lab"
                    + " speaks the lab's dialect. To try " + provider + "'s on the lab, start `proxybench lab"
                    + " --dialect " + provider + "` and pass its gateway as --proxy");
        }
        return template();
    }

    /**
     * {@code proxy} with the provider's rotating form and any targeting written into its credentials, for
     * experiments whose requests rotate ({@code ramp}, {@code bytes}, {@code fingerprint}): as given when no session
     * value was.
     *
     * @throws IllegalArgumentException as {@link #template()}, as {@link #checkAccount} when the proxy has no account,
     *     or when the dialect cannot write rotation
     */
    public ProxySpec rotating(ProxySpec proxy) {
        SessionTemplate sessions = templateOrNull();
        if (sessions == null) {
            return proxy;
        }
        checkAccount(proxy);
        return proxy.withCredentials(sessions.dialect().write(proxy.credentials(), sessions.rotating()));
    }

    /**
     * Checks that {@code proxy} has an account for the session values given to be written into; none given, any
     * proxy will do, one that takes no credentials too.
     *
     * @throws IllegalArgumentException when some were given and {@code proxy} has no credentials, naming them and the
     *     fix
     */
    public void checkAccount(ProxySpec proxy) {
        List<String> named = given();
        if (proxy.credentials() != null || named.isEmpty()) {
            return;
        }
        String names = named.size() == 1 ? named.get(0) : String.join(", ", named.subList(0, named.size() - 1))
                + " and " + named.get(named.size() - 1);
        throw new IllegalArgumentException(names + (named.size() == 1 ? " writes" : " write") + " into the proxy"
                + " credentials, but " + proxy + " has none: give user:pass in its URL (or set PROXY_USER and"
                + " PROXY_PASS), or leave " + (named.size() == 1 ? "it" : "them") + " out for a proxy that takes no"
                + " credentials");
    }

    /** The session settings given, as the command line spells them, in its order. */
    private List<String> given() {
        List<String> named = new ArrayList<>();
        Object[] values = {provider, templateText, lifetime, country, state, city, asn};
        String[] names = {"--provider", "--session-template", "--session-lifetime", "--country", "--state", "--city",
            "--asn"};
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                named.add(names[i]);
            }
        }
        return named;
    }

    /** Refuses every session value on the embedded lab, whose requests the rotating experiments shape themselves. */
    public void refuseOnLab() {
        if (templateOrNull() != null) {
            throw new IllegalArgumentException("--provider, --session-template and the session options go with"
                    + " --proxy: on the embedded lab this command writes its own credentials");
        }
    }
}
