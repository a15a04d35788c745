package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One provider of {@code alternate}: a label and where its windows' requests go, either one proxy URL (passed to
 * the window's run in this process, never shown whole) or a file of proxy URLs (passed as the run's
 * {@code --proxy-file}, so the credentials stay out of the process list). Exactly one of {@code proxyUrl} and
 * {@code proxyFile} is set. {@link #toString()} masks the password.
 *
 * @param label the provider's name in folders, the index and the tables; matches {@link #LABEL}
 * @param proxyUrl the proxy URL as given, credentials included; null with {@code proxyFile}
 * @param proxyFile a file of proxy URLs, read as {@code run --proxy-file} reads it; null with {@code proxyUrl}
 */
record Provider(String label, String proxyUrl, Path proxyFile) {

    /** What a label may hold: it names a folder beside the index (so never {@code .} or {@code ..}) and a column. */
    static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /**
     * Reads {@code --provider LABEL=PROXY_URL}.
     *
     * @throws IllegalArgumentException naming the problem and the fix; the password is never quoted
     */
    static Provider ofUrl(String text) {
        String label = label("--provider", text, "PROXY_URL");
        String url = text.substring(label.length() + 1);
        try {
            ProxySpec.parse(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--provider " + label + ": " + e.getMessage(), e);
        }
        return new Provider(label, url, null);
    }

    /**
     * Reads {@code --provider-file LABEL=FILE} and checks the file as {@code run} would.
     *
     * @throws IllegalArgumentException naming the problem and the fix
     */
    static Provider ofFile(String text) {
        String label = label("--provider-file", text, "FILE");
        Path file = Path.of(text.substring(label.length() + 1));
        try {
            ProxyFile.read(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--provider-file " + label + ": " + e.getMessage(), e);
        }
        return new Provider(label, null, file);
    }

    /** The run options that send a window through this provider. */
    List<String> runOptions() {
        return proxyUrl != null ? List.of("--proxy", proxyUrl) : List.of("--proxy-file", proxyFile.toString());
    }

    /** {@code a: http://user:****@gw:8080}, or {@code b: proxies from FILE}. */
    @Override
    public String toString() {
        return label + ": " + (proxyUrl != null ? ProxySpec.parse(proxyUrl) : "proxies from " + proxyFile);
    }

    private static String label(String option, String text, String what) {
        int eq = text.indexOf('=');
        String label = eq < 0 ? "" : text.substring(0, eq);
        if (eq < 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException(option + " needs LABEL=" + what + ", e.g. " + option + " a="
                    + (what.equals("FILE") ? "proxies-a.txt" : "http://user:pass@gw.example:8080"));
        }
        if (!LABEL.matcher(label).matches() || label.equals(AlternateCommand.INDEX)) {
            // Not quoted: text before a '=' inside a password would be part of the password.
            throw new IllegalArgumentException(option + " needs LABEL=" + what + " with a label of letters, digits,"
                    + " '_', '.' and '-' only, from a letter or digit (it names a folder beside "
                    + AlternateCommand.INDEX + "), e.g. " + option + " a=" + what);
        }
        return label;
    }
}
