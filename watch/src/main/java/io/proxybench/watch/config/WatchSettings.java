package io.proxybench.watch.config;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.watch.WatchConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code proxybench watch}'s settings as the user gave them: a config file ({@code --config}), or for a quick start
 * the same as flags ({@code --provider NAME=URL}, repeatable, as {@code alternate} takes them, with the proxy's
 * credentials in the URL), and the flags that may stand beside either ({@code --listen}, {@code --history},
 * {@code --site}, ...), which win over the file's. Checked by {@link #check} into a {@link WatchConfig}, with
 * messages naming the file, line and field, or the flag.
 */
public final class WatchSettings {

    private Path config;
    private final List<String> providers = new ArrayList<>();
    private final Map<String, String> flags = new LinkedHashMap<>();

    /** {@code --config FILE}. */
    public WatchSettings config(Path file) {
        this.config = file;
        return this;
    }

    /** {@code --provider NAME[:DIALECT]=PROXY_URL}, in order. */
    public WatchSettings providers(List<String> values) {
        providers.addAll(values);
        return this;
    }

    /** {@code --target URL}: what every provider checks unless its own target is set. */
    public WatchSettings target(String url) {
        return flag("target", url);
    }

    /** {@code --ca FILE}. */
    public WatchSettings ca(String file) {
        return flag("ca", file);
    }

    /** {@code --listen HOST:PORT}. */
    public WatchSettings listen(String hostPort) {
        return flag("listen", hostPort);
    }

    /** {@code --history DIR}. */
    public WatchSettings history(String dir) {
        return flag("history", dir);
    }

    /** {@code --site NAME}. */
    public WatchSettings site(String name) {
        return flag("site", name);
    }

    /** {@code --retain DURATION}. */
    public WatchSettings retain(String age) {
        return flag("retain", age);
    }

    /** {@code --history-cap SIZE}. */
    public WatchSettings historyCap(String size) {
        return flag("history_cap", size);
    }

    /** {@code --probe-every DURATION}. */
    public WatchSettings probeEvery(String every) {
        return flag("probe_every", every);
    }

    /** {@code --rate RATE}: each provider's checks of each kind. */
    public WatchSettings rate(String rate) {
        return flag("rate", rate);
    }

    /** {@code --token-file FILE}. */
    public WatchSettings tokenFile(String file) {
        return flag("token_file", file);
    }

    private WatchSettings flag(String field, String value) {
        flags.put(field, value);
        return this;
    }

    /**
     * The checked configuration.
     *
     * @param env the environment's variables by name ({@code System::getenv})
     * @throws IllegalArgumentException naming the problem, where it was given, and the fix
     */
    public WatchConfig check(Function<String, String> env) {
        if (config != null) {
            if (!providers.isEmpty()) {
                throw new IllegalArgumentException("--provider: the providers are in " + config + "; give them there"
                        + " (or give --provider without --config)");
            }
            return ConfigFile.read(config, env, flags);
        }
        WatchFields fields = new WatchFields();
        fields.providersFix = "give --provider NAME=PROXY_URL (repeatable) or --config FILE";
        flags.forEach((field, value) -> {
            if (value != null) {
                set(fields, field, new Field(value, "--" + field.replace('_', '-')));
            }
        });
        for (String value : providers) {
            fields.providers.add(provider(value));
        }
        return fields.check(env);
    }

    private static void set(WatchFields w, String field, Field f) {
        switch (field) {
            case "target" -> w.target = f;
            case "ca" -> w.ca = f;
            case "listen" -> w.listen = f;
            case "history" -> w.history = f;
            case "site" -> w.site = f;
            case "retain" -> w.retain = f;
            case "history_cap" -> w.historyCap = f;
            case "probe_every" -> w.probeEvery = f;
            case "rate" -> w.rate = f;
            case "token_file" -> w.tokenFile = f;
            default -> throw new IllegalStateException(field);
        }
    }

    /**
     * {@code NAME[:DIALECT]=URL}. Nothing before the {@code =} is quoted unless well formed: it may be the start of
     * a URL whose password holds a {@code =}.
     */
    private static ProviderFields provider(String value) {
        int eq = value.indexOf('=');
        String named = eq < 0 ? "" : value.substring(0, eq);
        int colon = named.indexOf(':');
        String name = colon < 0 ? named : named.substring(0, colon);
        if (eq < 1 || eq == value.length() - 1 || (colon >= 0 && !named.substring(colon + 1)
                .matches("[A-Za-z0-9_-]{1,32}")) || name.isEmpty()) {
            throw new IllegalArgumentException("--provider needs NAME=PROXY_URL, e.g. --provider"
                    + " a=http://user:pass@gw.example:8080, or with the provider's session dialect"
                    + " --provider a:" + Dialect.presets().get(0).name() + "=http://...");
        }
        ProviderFields p = new ProviderFields();
        String place = "--provider " + (name.matches("[a-z0-9_-]{1,40}") ? name : "(its name)");
        p.name = new Field(name, place);
        p.proxy = new Field(value.substring(eq + 1), place);
        if (colon >= 0) {
            p.dialect = new Field(named.substring(colon + 1), place);
        }
        return p;
    }
}
