package io.proxybench.watch.config;

import io.proxybench.client.TlsSettings;
import io.proxybench.watch.WatchConfig;
import io.proxybench.watch.WatchedProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Watch's settings as given, from a config file or from flags (each a {@link Field}, null when not given), checked
 * together into a {@link WatchConfig}: every problem is found before any request is sent.
 */
final class WatchFields {

    Field site;
    Field listen;
    Field history;
    Field retain;
    Field historyCap;
    Field probeEvery;
    Field tokenEnv;
    Field tokenFile;
    Field ca;
    Field target;
    Field rate;
    final List<ProviderFields> providers = new ArrayList<>();
    /** Where the list of providers is (or would be) given in a file, for "no provider" errors; null for flags. */
    String providersPlace;
    /** How to add a provider, for "no provider" errors. */
    String providersFix;

    WatchConfig check(Function<String, String> env) {
        if (providers.isEmpty()) {
            throw new IllegalArgumentException((providersPlace == null ? "" : providersPlace + ": ")
                    + "no provider to watch; " + providersFix);
        }
        String siteName = site == null ? WatchConfig.DEFAULT_SITE : siteName(site);
        Values.Listen where = listen == null
                ? new Values.Listen(WatchConfig.DEFAULT_LISTEN_HOST, WatchConfig.DEFAULT_LISTEN_PORT)
                : Values.listen(listen);
        Path dir = history == null ? WatchConfig.DEFAULT_HISTORY : Path.of(history.value());
        Duration keep = retain == null ? WatchConfig.DEFAULT_RETAIN : Values.positive(retain);
        long cap = historyCap == null ? WatchConfig.DEFAULT_HISTORY_CAP_BYTES : Values.size(historyCap);
        Duration probe = probeEvery == null ? WatchConfig.DEFAULT_PROBE_EVERY : Values.duration(probeEvery);
        if (!probe.isZero() && probe.compareTo(Duration.ofMinutes(1)) < 0) {
            throw probeEvery.error("a probe sends dozens of requests; more often than once a minute is a load test",
                    "give 1m or more, or 0 for no probes");
        }
        String token = token(env);
        TlsSettings tls = ca == null ? TlsSettings.system() : caFile(ca);
        URI defaultTarget = target == null ? null : Values.url(target);
        if (rate != null) {
            Values.rate(rate);
        }
        Map<String, Field> seen = new HashMap<>();
        List<WatchedProvider> checked = new ArrayList<>();
        for (ProviderFields p : providers) {
            if (p.rate == null) {
                p.rate = rate;
            }
            WatchedProvider provider = p.check(env, defaultTarget, tls);
            Field before = seen.putIfAbsent(provider.name(), p.name);
            if (before != null) {
                throw p.name.error("the name " + provider.name() + " is given twice (first at " + before.place()
                        + ")", "give each provider its own name: it names its series, its card and its history");
            }
            checked.add(provider);
        }
        return new WatchConfig(siteName, where.host(), where.port(), dir, keep, cap, probe, token, checked);
    }

    private static String siteName(Field f) {
        if (!f.value().matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")) {
            throw f.error(f.quoted() + " is not a site name", "use 1 to 40 letters, digits, '_', '.' or '-',"
                    + " e.g. eu-west");
        }
        return f.value();
    }

    private String token(Function<String, String> env) {
        if (tokenEnv != null && tokenFile != null) {
            throw tokenFile.error("a token is given twice (also at " + tokenEnv.place() + ")", "keep one of them");
        }
        String token = null;
        Field from = tokenEnv != null ? tokenEnv : tokenFile;
        if (tokenEnv != null) {
            token = env.apply(tokenEnv.value());
            if (token == null) {
                throw tokenEnv.error("the environment variable " + tokenEnv.value() + " is not set",
                        "export it before starting watch, or leave the token out");
            }
        } else if (tokenFile != null) {
            try {
                token = Files.readString(Path.of(tokenFile.value()), StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw tokenFile.error("cannot read " + tokenFile.value() + " (" + e.getClass().getSimpleName() + ")",
                        "check the path");
            }
        }
        if (token != null && (token.length() < 16 || !token.matches("[\\x21-\\x7e]+"))) {
            throw from.error("the token is shorter than 16 characters or holds spaces or non-ASCII",
                    "use a long random one, e.g. from: openssl rand -hex 24");
        }
        return token;
    }

    private static TlsSettings caFile(Field f) {
        Path file = Path.of(f.value());
        if (!Files.isReadable(file)) {
            throw f.error("cannot read the CA file " + file, "give a PEM file of the CA that signs the target's"
                    + " certificate (the lab's is printed by proxybench lab)");
        }
        try {
            return TlsSettings.caFile(file);
        } catch (RuntimeException e) {
            throw f.error(e.getMessage(), "give a PEM file of certificates");
        }
    }
}
