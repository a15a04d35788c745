package io.proxybench.experiments.alternate;

import io.proxybench.analysis.compare.WindowEntry;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.plan.ProxyFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One provider of {@code alternate}: a label and where its windows' requests go, either one proxy URL (passed to
 * the window's run in this process, never shown whole) or a file of proxy URLs (passed as the run's
 * {@code --proxy-file}, so the credentials stay out of the process list). Exactly one of {@code proxyUrl} and
 * {@code proxyFile} is set. {@link #text()} masks the password, and so does {@link #toString()}. A label may name
 * the provider's session dialect after a colon ({@code oxy:oxylabs=http://...}), passed to its windows' runs as
 * {@code --provider}. Its messages name the settings as the command line spells them ({@code --provider},
 * {@code --provider-file}).
 *
 * @param label the provider's name in folders, the index and the tables; matches {@link #LABEL}
 * @param proxyUrl the proxy URL as given, credentials included; null with {@code proxyFile}
 * @param proxyFile a file of proxy URLs, read as {@code run --proxy-file} reads it; null with {@code proxyUrl}
 * @param dialect the provider's session dialect (a {@code Dialect} preset name), or null for the run's own options
 */
public record Provider(String label, String proxyUrl, Path proxyFile, String dialect) {

    /** What a label may hold: it names a folder beside the index (so never {@code .} or {@code ..}) and a column. */
    static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /** What a dialect's name may hold after a label's colon. */
    private static final Pattern DIALECT = Pattern.compile("[A-Za-z0-9_-]{1,32}");

    /**
     * Reads {@code --provider LABEL=PROXY_URL}.
     *
     * @throws IllegalArgumentException naming the problem and the fix; the password is never quoted
     */
    public static Provider ofUrl(String text) {
        String[] named = label("--provider", text, "PROXY_URL");
        String label = named[0];
        String url = text.substring(text.indexOf('=') + 1);
        try {
            ProxySpec.parse(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--provider " + label + ": " + e.getMessage(), e);
        }
        return new Provider(label, url, null, named[1]);
    }

    /**
     * Reads {@code --provider-file LABEL=FILE} and reads the file as {@code run --proxy-file} would ({@link
     * ProxyFile}), so that a file it would refuse is refused now.
     *
     * @throws IllegalArgumentException naming the problem and the fix
     */
    public static Provider ofFile(String text) {
        String[] named = label("--provider-file", text, "FILE");
        String label = named[0];
        Path file = Path.of(text.substring(text.indexOf('=') + 1));
        try {
            ProxyFile.read(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--provider-file " + label + ": " + e.getMessage(), e);
        }
        return new Provider(label, null, file, named[1]);
    }

    /** The run options that send a window through this provider. */
    public List<String> runOptions() {
        List<String> options = new ArrayList<>(proxyUrl != null ? List.of("--proxy", proxyUrl)
                : List.of("--proxy-file", proxyFile.toString()));
        if (dialect != null) {
            options.addAll(List.of("--provider", dialect));
        }
        return options;
    }

    /** {@code a: http://user:****@gw:8080}, or {@code b: proxies from FILE}. */
    public String text() {
        return label + ": " + (proxyUrl != null ? ProxySpec.parse(proxyUrl) : "proxies from " + proxyFile);
    }

    /** As {@link #text()}: the password never reaches a string. */
    @Override
    public String toString() {
        return text();
    }

    /**
     * {label, dialect or null} from {@code LABEL[:DIALECT]=...}. Nothing before the {@code =} is quoted unless it
     * is a well-formed label and dialect name: it may be the start of a URL whose password holds a {@code =}.
     */
    private static String[] label(String option, String text, String what) {
        int eq = text.indexOf('=');
        String named = eq < 0 ? "" : text.substring(0, eq);
        int colon = named.indexOf(':');
        String label = colon < 0 ? named : named.substring(0, colon);
        String dialect = colon < 0 ? null : named.substring(colon + 1);
        if (eq < 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException(option + " needs LABEL=" + what + ", e.g. " + option + " a="
                    + (what.equals("FILE") ? "proxies-a.txt" : "http://user:pass@gw.example:8080"));
        }
        if (!LABEL.matcher(label).matches() || label.equals(WindowEntry.INDEX)
                || (dialect != null && !DIALECT.matcher(dialect).matches())) {
            // Not quoted: text before a '=' inside a password would be part of the password.
            throw new IllegalArgumentException(option + " needs LABEL=" + what + " with a label of letters, digits,"
                    + " '_', '.' and '-' only, from a letter or digit (it names a folder beside "
                    + WindowEntry.INDEX + "), e.g. " + option + " a=" + what + " or, with its session dialect, "
                    + option + " a:oxylabs=" + what);
        }
        if (dialect != null) {
            try {
                dialect = Dialect.named(dialect).name();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + " " + label + ": " + e.getMessage(), e);
            }
        }
        return new String[] {label, dialect};
    }
}
