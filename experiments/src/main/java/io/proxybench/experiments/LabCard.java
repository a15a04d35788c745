package io.proxybench.experiments;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.harness.Durations;
import io.proxybench.lab.Lab;
import io.proxybench.lab.exits.Exit;
import io.proxybench.net.TlsEngine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a running lab offers, as {@code proxybench lab} shows it: its endpoints, the proxy URLs in the gateway's
 * dialect (the {@code --auth} password masked, as it was given on the command line), its session rules, and curl and
 * run lines that work as pasted, reading the {@code --auth} account from {@code accountFiles}. {@link #json()} and
 * {@link #text(Duration)} show the same values.
 *
 * @param lab the running lab
 * @param user the {@code --auth} account's user; null without {@code --auth}
 * @param accountFiles the files holding the {@code --auth} account; null without {@code --auth}
 */
public record LabCard(Lab lab, String user, LabAccountFiles accountFiles) {

    /** The session id of the sticky proxy URLs. */
    private static final String DEMO_SESSION = "demo1";

    /** The card as {@code --json} prints it: one object, its keys in a fixed order. */
    public Map<String, Object> json() {
        String hostPort = lab.host() + ":" + lab.gatewayPort();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("transport", lab.transport().name());
        m.put("tls", TlsEngine.current().provider().name().toLowerCase(Locale.ROOT));
        m.put("gateway", "http://" + hostPort);
        m.put("gateway_tls", "https://" + lab.host() + ":" + lab.gatewayTlsPort());
        m.put("target_https", LabTargets.https(lab, "").toString());
        m.put("target_http", LabTargets.http(lab, "").toString());
        m.put("admin", "http://" + lab.host() + ":" + lab.adminPort() + "/counters");
        m.put("ca_file", lab.caFile().toString());
        m.put("exits", lab.exits().size());
        m.put("auth", user != null);
        Dialect speaking = lab.config().gateway().auth().dialect();
        SessionParams rotating = SessionParams.ROTATING;
        SessionParams sticky = new SessionParams(SessionKind.SESSION, speaking.sessionId(DEMO_SESSION), null, null);
        String plain = user == null && speaking.equals(Dialect.lab()) ? "" : credentials(speaking, rotating);
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("http", "http://" + plain + hostPort);
        urls.put("http_sticky", "http://" + credentials(speaking, sticky) + hostPort);
        urls.put("https", "https://" + plain + lab.host() + ":" + lab.gatewayTlsPort());
        urls.put("socks5", "socks5h://" + plain + hostPort);
        urls.put("socks5_sticky", "socks5h://" + credentials(speaking, sticky) + hostPort);
        m.put("proxy_urls", urls);
        m.put("dialect", speaking.name());
        Map<String, Object> rules = new LinkedHashMap<>();
        rules.put("default_lifetime_s", lab.config().sessionLifetime().toSeconds());
        rules.put("max_lifetime_s", speaking.rules().maxLifetime() == null ? null
                : speaking.rules().maxLifetime().toSeconds());
        rules.put("idle_s", lab.config().sessionIdle() == null ? null : lab.config().sessionIdle().toSeconds());
        rules.put("documentation", speaking.rules().documentation());
        m.put("sessions", rules);
        if (accountFiles != null) {
            Map<String, String> files = new LinkedHashMap<>();
            files.put("curl_config", accountFiles.curlConfig().toString());
            files.put("proxy_file", accountFiles.proxyFile().toString());
            m.put("auth_files", files);
        }
        String trace = LabTargets.https(lab, LabTargets.TRACE).toString();
        m.put("curl", "curl --cacert " + shellWord(lab.caFile())
                + (accountFiles == null ? "" : " -K " + shellWord(accountFiles.curlConfig())) + " -x http://"
                + hostPort + " " + trace);
        m.put("run", "./proxybench run --url " + trace
                + (accountFiles == null ? " --proxy http://lab:lab@" + hostPort
                        : " --proxy-file " + shellWord(accountFiles.proxyFile()))
                + " --ca " + shellWord(lab.caFile()) + " --provider " + speaking.name()
                + " --sessions 20 --rate 100 --duration 10s");
        return m;
    }

    /**
     * The card as text, ending with how long the lab runs: for {@code runFor}, or until interrupted when it is null.
     */
    @SuppressWarnings("unchecked")
    public String text(Duration runFor) {
        Map<String, Object> d = json();
        Map<String, String> urls = (Map<String, String>) d.get("proxy_urls");
        long subnets = lab.exits().all().stream().map(e -> e.ip().substring(0, e.ip().lastIndexOf('.')))
                .distinct().count();
        long asns = lab.exits().all().stream().mapToInt(Exit::asn).distinct().count();
        StringBuilder s = new StringBuilder();
        s.append("proxybench lab: transport ").append(lab.transport().describe())
                .append(", tls ").append(TlsEngine.current().describe()).append('\n');
        s.append(String.format("  gateway  %-40s HTTP CONNECT + forward, SOCKS5 (same port)%n", d.get("gateway")));
        s.append(String.format("  gateway  %-40s the same inside TLS (an https:// proxy; trust the CA)%n",
                d.get("gateway_tls")));
        s.append(String.format("  target   %-40s h2 + http/1.1%n", d.get("target_https")));
        s.append(String.format("  target   %-40s plain HTTP%n", d.get("target_http")));
        s.append(String.format("  admin    %-40s gateway counters (JSON); POST /stall?ms=N holds the target%n",
                d.get("admin")));
        s.append(String.format("  CA       %s%n", d.get("ca_file")));
        s.append(String.format(Locale.ROOT, "  exits    %,d addresses in %,d /24 subnets, %,d ASNs, %,d countries%n",
                lab.exits().size(), subnets, asns, lab.exits().countries().size()));
        s.append(String.format("  sessions %s dialect: default lifetime %s, %s%n", d.get("dialect"),
                Durations.format(lab.config().sessionLifetime()), lab.config().sessionIdle() == null
                        ? "no inactivity limit" : "ended after " + Durations.format(lab.config().sessionIdle())
                        + " without activity"));
        s.append("proxy URLs\n");
        s.append(String.format("  %-56s rotating: a new exit per tunnel%n", urls.get("http")));
        s.append(String.format("  %-56s sticky session%n", urls.get("http_sticky")));
        s.append(String.format("  %-56s rotating, TLS to the proxy%n", urls.get("https")));
        s.append(String.format("  %-56s rotating%n", urls.get("socks5")));
        s.append(String.format("  %-56s sticky session%n", urls.get("socks5_sticky")));
        if (accountFiles != null) {
            s.append("  (**** is the password given to --auth; the lines below read it from ")
                    .append(accountFiles.curlConfig()).append(" and ").append(accountFiles.proxyFile())
                    .append(", which only you can read and the lab deletes when it stops)\n");
        }
        s.append("try it\n  ").append(d.get("curl")).append('\n');
        s.append("  ").append(d.get("run")).append("   # in another shell: 20 sticky sessions, 100 req/s\n");
        s.append(runFor == null ? "running until interrupted (Ctrl-C)" : "running for " + Durations.format(runFor));
        return s.toString();
    }

    /**
     * The account part shown in URLs, written in the gateway's dialect: the user, and the password masked;
     * {@code lab:lab} without {@code --auth}.
     */
    private String credentials(Dialect speaking, SessionParams session) {
        ProxyCredentials written = speaking.write(user == null ? new ProxyCredentials("lab", "lab")
                : new ProxyCredentials(user, "****"), session);
        return written.user() + ":" + written.password() + "@";
    }

    /** {@code path} as one shell word: as it is, or single-quoted when it holds anything a shell would act on. */
    private static String shellWord(Path path) {
        String text = path.toString();
        return text.matches("[A-Za-z0-9_./:@%+,=-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
