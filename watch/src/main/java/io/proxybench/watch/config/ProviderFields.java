package io.proxybench.watch.config;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.watch.WatchedProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/**
 * One provider's settings as given (each a {@link Field}, null when not given), checked into a
 * {@link WatchedProvider}. Credentials come from the proxy URL (flags only), or from the environment or a file (a
 * config file, which must not hold a password).
 */
final class ProviderFields {

    Field name;
    Field proxy;
    Field dialect;
    Field sessionTemplate;
    Field usernameEnv;
    Field passwordEnv;
    Field passwordFile;
    Field target;
    Field country;
    Field rate;
    Field timeout;
    Field sessionLife;
    Field p99Budget;

    /** Whether a password written in the proxy URL is refused (in a config file: it belongs in the environment). */
    boolean passwordInUrlRefused;

    /**
     * The provider these settings describe.
     *
     * @param env the environment's variables by name
     * @param defaultTarget the URL checked when the provider names none
     * @param tls how targets' certificates are checked
     */
    WatchedProvider check(Function<String, String> env, URI defaultTarget, TlsSettings tls) {
        String checkedName = Values.name(name);
        ProxySpec spec = proxy(env);
        SessionTemplate sessions = sessions();
        if (sessions != null) {
            Field given = dialect != null ? dialect : sessionTemplate;
            if (spec.credentials() == null) {
                throw given.error("sessions are written into the proxy's credentials, and it has none",
                        "give its username and password, or leave the provider's dialect out to watch it as an"
                                + " open proxy (rotating checks only)");
            }
        }
        if (country != null) {
            if (sessions == null) {
                throw country.error("a country is asked for in the session's credentials",
                        "name the provider's dialect too (provider: ...), so the country can be written");
            }
            try {
                sessions = sessions.withCountry(country.value());
            } catch (IllegalArgumentException e) {
                throw country.error(e.getMessage(), "");
            }
        }
        URI checked = target == null ? defaultTarget : Values.url(target);
        if (checked == null) {
            throw name.error("no target to check", "give target: (or --target) an https:// URL answering a trace,"
                    + " e.g. https://www.cloudflare.com/cdn-cgi/trace");
        }
        double perSecond = rate == null ? WatchedProvider.DEFAULT_PER_SECOND : Values.rate(rate);
        Duration limit = timeout == null ? WatchedProvider.DEFAULT_TIMEOUT : Values.positive(timeout);
        Duration life = sessionLife == null ? null : Values.positive(sessionLife);
        Duration budget = p99Budget == null ? WatchedProvider.DEFAULT_P99_BUDGET : Values.positive(p99Budget);
        return new WatchedProvider(checkedName, spec, sessions, checked, tls, perSecond, limit, life, budget);
    }

    /** The session syntax: a preset's name ({@code provider}) or a template ({@code session_template}); or null. */
    private SessionTemplate sessions() {
        if (dialect != null && sessionTemplate != null) {
            throw sessionTemplate.error("the session syntax is given twice (also at " + dialect.place() + ")",
                    "keep provider: for a preset, or session_template: for a provider without one");
        }
        if (dialect != null) {
            try {
                return SessionTemplate.of(Dialect.named(dialect.value()));
            } catch (IllegalArgumentException e) {
                String known = Dialect.presets().stream().map(Dialect::name).reduce((a, b) -> a + ", " + b)
                        .orElse("");
                throw dialect.error("no preset " + dialect.quoted() + "; the presets are " + known,
                        "for another provider, give its syntax as session_template: in a config file, e.g."
                                + " '{user}-session-{id}'");
            }
        }
        if (sessionTemplate != null) {
            try {
                return SessionTemplate.parse(sessionTemplate.value());
            } catch (IllegalArgumentException e) {
                throw sessionTemplate.error(e.getMessage(), "");
            }
        }
        return null;
    }

    private ProxySpec proxy(Function<String, String> env) {
        if (proxy == null) {
            throw name.error("no proxy", "give the proxy's URL, e.g. proxy: http://gw.example:8000");
        }
        ProxySpec spec;
        try {
            spec = ProxySpec.parse(proxy.value());
        } catch (IllegalArgumentException e) {
            throw proxy.error(e.getMessage(), "");
        }
        if (spec.credentials() != null && spec.credentials().password() != null && passwordInUrlRefused
                && !spec.credentials().password().isEmpty()) {
            throw proxy.error("the proxy URL holds a password, and this file may be shared or kept in git",
                    "put the password in an environment variable and name it with password_env (or in a file,"
                            + " password_file), and leave only the username in the URL or in username_env");
        }
        String user = usernameEnv == null ? null : variable(usernameEnv, env);
        String password = passwordEnv != null ? variable(passwordEnv, env)
                : passwordFile != null ? file(passwordFile) : null;
        if (user == null && password == null) {
            return spec;
        }
        String baseUser = user != null ? user : spec.credentials() != null ? spec.credentials().user() : null;
        if (baseUser == null) {
            throw (passwordEnv != null ? passwordEnv : passwordFile).error("a password without a username",
                    "give the username in the proxy URL (http://USER@host:port) or in username_env");
        }
        String basePassword = password != null ? password
                : spec.credentials() != null ? spec.credentials().password() : null;
        return spec.withCredentials(new ProxyCredentials(baseUser, basePassword == null ? "" : basePassword));
    }

    private static String variable(Field f, Function<String, String> env) {
        String value = env.apply(f.value());
        if (value == null || value.isEmpty()) {
            throw f.error("the environment variable " + f.value() + " is not set",
                    "export " + f.value() + "=... before starting watch (in Kubernetes, from a Secret)");
        }
        return value;
    }

    private static String file(Field f) {
        Path path = Path.of(f.value());
        try {
            String text = Files.readString(path, StandardCharsets.UTF_8).strip();
            if (text.isEmpty()) {
                throw f.error("the file " + path + " is empty", "write the password on its first line");
            }
            return text.lines().findFirst().orElse("");
        } catch (IOException e) {
            throw f.error("cannot read " + path + " (" + e.getClass().getSimpleName() + ")",
                    "check the path and that watch may read it");
        }
    }
}
