package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.WatchConfig;
import io.proxybench.watch.config.ConfigFile;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files under deploy/ for {@code proxybench watch} agree with each other and with the series watch exposes: the
 * alerting rules and their promtool unit tests (deploy/prometheus), the scrape config, the Kubernetes manifest
 * (deploy/k8s/watch.yaml: config, claim, Deployment, Service, ServiceMonitor) and the Grafana dashboard
 * (deploy/grafana/watch.json). Every metric they name must be one of {@link #knownSeries()}, with its labels. Nothing
 * here needs a cluster or a Prometheus server; with promtool installed, promtool checks the rules, the config and
 * every dashboard query, and runs the rules' unit tests.
 */
class WatchDeployFilesTest {

    private static final Path ROOT = DeployFilesTest.repositoryRoot();
    private static final Path RULES = ROOT.resolve("deploy/prometheus/watch-rules.yml");
    private static final Path RULES_TESTS = ROOT.resolve("deploy/prometheus/watch-rules.test.yml");
    private static final Path SCRAPE_CONFIG = ROOT.resolve("deploy/prometheus/prometheus-watch.yml");
    private static final Path DASHBOARD = ROOT.resolve("deploy/grafana/watch.json");
    private static final Path MANIFEST = ROOT.resolve("deploy/k8s/watch.yaml");
    private static final Path SHARDS_MANIFEST = ROOT.resolve("deploy/k8s/shards-job.yaml");
    private static final Path DOCKERFILE = ROOT.resolve("deploy/Dockerfile");
    private static final String METRIC_NAME = "(?:probe|proxybench)_[a-z0-9_]*[a-z0-9]";
    private static final Pattern METRIC = Pattern.compile("\\b" + METRIC_NAME + "\\b");
    /** A series selector with matchers; group 1 the name, group 2 the matchers. */
    private static final Pattern SELECTOR = Pattern.compile("\\b(" + METRIC_NAME + ")\\{([^}]*)}");
    /** One label matcher: label, operator, value. */
    private static final Pattern MATCHER = Pattern.compile("(\\w+)\\s*(=~|!~|!=|=)\\s*\"([^\"]*)\"");
    /** A clause that lists labels: by, without, on, ignoring, group_left, group_right. */
    private static final Pattern GROUPING = Pattern.compile(
            "\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\(([^)]*)\\)");
    private static final Pattern VAR = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    /** Labels Prometheus adds to a scraped series (job, instance; pod and namespace on Kubernetes), and le. */
    private static final Set<String> TARGET_LABELS = Set.of("le", "instance", "job", "pod", "namespace");
    /** The alerts docs/watch.md names, in the file's order. */
    private static final List<String> ALERTS = List.of("ProxyProviderDown", "ProxyP99OverBudget",
            "ProxyRotationStopped", "ProxySessionsShorterThanDocumented");
    /** The Deployment's command line, as the issue's deploy item gives it. */
    private static final List<String> WATCH_ARGS = List.of("watch", "--config", "/etc/proxybench/watch.yaml",
            "--listen", "0.0.0.0:9464", "--history", "/var/lib/proxybench/history", "--site", "$(SITE)");
    /** Labels whose values are open: any value is known. */
    private static final Set<String> OPEN_LABELS = Set.of("site", "provider", "version", "check", "le");
    private static final int PROMTOOL_LIMIT_SECONDS = 60;

    private final YAMLMapper yaml = new YAMLMapper();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path tmp;

    /**
     * The series watch exposes, by sample name, scraped from a {@link WatchMetrics} of one provider with a check and a
     * probe behind it (histograms as their {@code _bucket}, {@code _sum} and {@code _count}, counters with
     * {@code _total}): each maps its labels to the values seen, where the set is closed (mode, outcome, phase,
     * direction), or to an empty set (any value: site, provider, version, a probe's line id, le).
     */
    static Map<String, Map<String, Set<String>>> knownSeries() {
        Map<String, Map<String, Set<String>>> series = new TreeMap<>();
        Pattern sample = Pattern.compile("^([a-z_0-9]+)(?:\\{(.*)})? \\S+$");
        for (String line : WatchExposition.text().split("\n")) {
            Matcher m = sample.matcher(line);
            if (line.startsWith("#") || !m.matches()) {
                continue;
            }
            Map<String, Set<String>> labels = series.computeIfAbsent(m.group(1), k -> new TreeMap<>());
            if (m.group(2) != null) {
                for (Matcher l = MATCHER.matcher(m.group(2)); l.find(); ) {
                    Set<String> values = labels.computeIfAbsent(l.group(1), k -> new TreeSet<>());
                    if (!OPEN_LABELS.contains(l.group(1))) {
                        values.add(l.group(3));
                    }
                }
            }
        }
        return series;
    }

    /** The sample names watch exposes: {@link #knownSeries()}' keys. */
    static Set<String> knownMetricNames() {
        return knownSeries().keySet();
    }

    @Test
    void everyAlertHasAForASeverityAndTextThatNamesTheProviderAndTheSite() throws IOException {
        Map<String, JsonNode> alerts = alerts();
        assertThat(alerts.keySet()).containsExactlyElementsOf(ALERTS);
        for (Map.Entry<String, JsonNode> alert : alerts.entrySet()) {
            String name = alert.getKey();
            JsonNode rule = alert.getValue();
            assertThat(rule.path("expr").asText()).as(name + ": expr").isNotBlank();
            assertThat(rule.path("for").asText()).as(name + ": for").matches("[1-9]\\d*[smh]");
            assertThat(rule.path("labels").path("severity").asText()).as(name + ": severity")
                    .isIn("critical", "warning");
            for (String annotation : List.of("summary", "description")) {
                assertThat(rule.path("annotations").path(annotation).asText()).as(name + ": " + annotation)
                        .contains("{{ $labels.provider }}", "{{ $labels.site }}");
            }
        }
        // Short, so that a test against a real Prometheus sees it fire within minutes.
        JsonNode down = alerts.get("ProxyProviderDown");
        assertThat(down.path("expr").asText()).isEqualTo("max_over_time(probe_success[1m]) == 0");
        assertThat(down.path("for").asText()).isEqualTo("1m");
    }

    @Test
    void everyMetricTheFilesNameIsOneWatchExposesWithItsLabels() throws IOException {
        Map<String, Map<String, Set<String>>> known = knownSeries();
        Set<String> labels = new HashSet<>(TARGET_LABELS);
        known.values().forEach(l -> labels.addAll(l.keySet()));
        Map<String, String> texts = new LinkedHashMap<>(expressions());
        for (Map.Entry<String, JsonNode> alert : alerts().entrySet()) {
            alert.getValue().path("annotations").fields().forEachRemaining(a -> texts.put(
                    "rule " + alert.getKey() + " " + a.getKey(), a.getValue().asText()));
        }
        // The watch config's keys (probe_every, ...) are not metric names: the ConfigMap is left out.
        for (JsonNode doc : documents(MANIFEST)) {
            if (!doc.path("kind").asText().equals("ConfigMap")) {
                texts.put(MANIFEST.getFileName() + " " + doc.path("kind").asText(), json.writeValueAsString(doc));
            }
        }
        for (Map.Entry<String, String> text : texts.entrySet()) {
            String where = text.getKey() + ": " + text.getValue();
            METRIC.matcher(text.getValue()).results().forEach(m -> assertThat(knownMetricNames()).as(where)
                    .contains(m.group()));
        }
        for (Map.Entry<String, String> expr : expressions().entrySet()) {
            String where = expr.getKey() + ": " + expr.getValue();
            assertThat(METRIC.matcher(expr.getValue()).find()).as(where + " names no metric").isTrue();
            Matcher selector = SELECTOR.matcher(expr.getValue());
            while (selector.find()) {
                Map<String, Set<String>> values = known.get(selector.group(1));
                Matcher matcher = MATCHER.matcher(selector.group(2));
                while (matcher.find()) {
                    String label = matcher.group(1);
                    assertThat(values).as(where + ": labels of " + selector.group(1)).containsKey(label);
                    Set<String> allowed = values.get(label);
                    String value = matcher.group(3);
                    if (allowed.isEmpty() || value.contains("$")) {
                        continue;
                    }
                    List<String> named = matcher.group(2).endsWith("~") ? List.of(value.split("\\|")) : List.of(value);
                    assertThat(allowed).as(where + ": values of " + label).containsAll(named);
                }
            }
            Matcher grouping = GROUPING.matcher(expr.getValue());
            while (grouping.find()) {
                for (String label : grouping.group(1).split(",")) {
                    if (!label.isBlank()) {
                        assertThat(labels).as(where).contains(label.strip());
                    }
                }
            }
        }
    }

    @Test
    void everySeriesWatchExposesIsOnTheDashboardOrInAnAlert() throws IOException {
        Set<String> used = new TreeSet<>();
        for (String expr : expressions().values()) {
            METRIC.matcher(expr).results().forEach(m -> used.add(m.group()));
        }
        Set<String> unused = new TreeSet<>(knownMetricNames());
        unused.removeAll(used);
        assertThat(unused).as("series that no panel shows and no alert reads").isEmpty();
    }

    @Test
    void theDashboardIsValidWithUniqueIdsAndFiltersEveryQueryBySiteAndProvider() throws IOException {
        JsonNode dashboard = json.readTree(DASHBOARD.toFile());
        JsonNode runs = json.readTree(ROOT.resolve("deploy/grafana/proxybench.json").toFile());
        assertThat(dashboard.path("uid").asText()).isNotBlank().isNotEqualTo(runs.path("uid").asText());
        assertThat(dashboard.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        Map<String, JsonNode> variables = new LinkedHashMap<>();
        dashboard.path("templating").path("list").forEach(v -> variables.put(v.path("name").asText(), v));
        assertThat(variables).containsOnlyKeys("DS_PROMETHEUS", "site", "provider");
        // The datasource variable as the run's dashboard has it, so that both import the same way.
        assertThat(variables.get("DS_PROMETHEUS")).isEqualTo(runs.path("templating").path("list").path(0));
        String dsRef = "${DS_PROMETHEUS}";
        for (String name : List.of("site", "provider")) {
            JsonNode variable = variables.get(name);
            assertThat(variable.path("type").asText()).as(name).isEqualTo("query");
            assertThat(variable.path("datasource").path("uid").asText()).as(name).isEqualTo(dsRef);
            assertThat(variable.path("definition").asText()).as(name).startsWith("label_values(")
                    .endsWith(", " + name + ")");
            assertThat(variable.path("multi").asBoolean() && variable.path("includeAll").asBoolean()).as(name)
                    .isTrue();
        }

        Map<String, Map<String, Set<String>>> known = knownSeries();
        Set<Integer> ids = new HashSet<>();
        List<int[]> boxes = new ArrayList<>();
        for (JsonNode panel : panels(dashboard)) {
            String title = panel.path("title").asText();
            assertThat(title).isNotBlank();
            assertThat(panel.path("id").isInt()).as(title + ": id").isTrue();
            assertThat(ids.add(panel.path("id").asInt())).as(title + ": unique id " + panel.path("id")).isTrue();
            JsonNode g = panel.path("gridPos");
            int[] box = {g.path("x").asInt(-1), g.path("y").asInt(-1), g.path("w").asInt(0), g.path("h").asInt(0)};
            assertThat(box[0] >= 0 && box[1] >= 0 && box[2] > 0 && box[3] > 0 && box[0] + box[2] <= 24)
                    .as(title + ": gridPos " + g).isTrue();
            for (int[] other : boxes) {
                assertThat(box[0] < other[0] + other[2] && other[0] < box[0] + box[2]
                        && box[1] < other[1] + other[3] && other[1] < box[1] + box[3])
                        .as(title + " overlaps another panel").isFalse();
            }
            boxes.add(box);
            if (panel.path("type").asText().equals("row")) {
                continue;
            }
            assertThat(panel.path("description").asText()).as(title + ": description").isNotBlank();
            assertThat(panel.path("targets")).as(title + ": targets").isNotEmpty();
            Set<String> refIds = new HashSet<>();
            for (JsonNode target : panel.path("targets")) {
                assertThat(target.path("datasource").path("uid").asText()).as(title).isEqualTo(dsRef);
                assertThat(refIds.add(target.path("refId").asText())).as(title + ": unique refId").isTrue();
                String expr = target.path("expr").asText();
                Matcher m = METRIC.matcher(expr);
                while (m.find()) {
                    int close = expr.indexOf('}', m.end());
                    assertThat(expr.startsWith("{", m.end()) && close > 0).as(title + ": " + m.group()
                            + " has matchers in " + expr).isTrue();
                    String matchers = expr.substring(m.end(), close);
                    assertThat(matchers).as(title + ": " + expr).contains("site=~\"$site\"");
                    if (known.getOrDefault(m.group(), Map.of()).containsKey("provider")) {
                        assertThat(matchers).as(title + ": " + expr).contains("provider=~\"$provider\"");
                    }
                }
            }
        }
    }

    @Test
    void theDeploymentServesWhatTheServiceAndTheServiceMonitorScrape() throws IOException {
        List<JsonNode> docs = documents(MANIFEST);
        assertThat(docs).extracting(d -> d.path("kind").asText()).containsExactlyInAnyOrder("ConfigMap",
                "PersistentVolumeClaim", "Deployment", "Service", "ServiceMonitor");
        JsonNode deployment = one(docs, "Deployment");
        JsonNode spec = deployment.path("spec");
        assertThat(spec.path("replicas").asInt()).as("one watcher per site").isEqualTo(1);
        Map<String, String> podLabels = strings(spec.path("template").path("metadata").path("labels"));
        assertThat(strings(spec.path("selector").path("matchLabels")).entrySet()).isNotEmpty()
                .isSubsetOf(podLabels.entrySet());
        JsonNode pod = spec.path("template").path("spec");
        assertThat(pod.path("containers")).hasSize(1);
        JsonNode container = pod.path("containers").path(0);
        // The image's entrypoint runs proxybench: args only.
        assertThat(container.has("command")).isFalse();
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> args.add(a.asText()));
        assertThat(args).containsExactlyElementsOf(WATCH_ARGS);
        Set<String> vars = new TreeSet<>();
        args.forEach(a -> VAR.matcher(a).results().forEach(r -> vars.add(r.group(1))));
        assertThat(env(container).keySet()).as("env declares every $(VAR) of the args").containsAll(vars);

        String listen = value(args, "--listen");
        assertThat(listen).startsWith("0.0.0.0:");
        int port = Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
        JsonNode containerPort = named(container.path("ports"), "metrics");
        assertThat(containerPort.path("containerPort").asInt()).isEqualTo(port);
        for (String probe : List.of("readinessProbe", "livenessProbe")) {
            JsonNode get = container.path(probe).path("httpGet");
            assertThat(get.path("path").asText()).as(probe).isEqualTo("/metrics");
            assertThat(get.path("port").asText()).as(probe).isIn("metrics", Integer.toString(port));
        }
        assertThat(container.path("resources").path("limits").path("memory").asText()).isNotBlank();
        assertThat(container.path("resources").path("requests").path("memory").asText()).isNotBlank();
        // SIGTERM flushes the history; the grace period is the time it has before SIGKILL.
        assertThat(pod.path("terminationGracePeriodSeconds").isInt()
                && pod.path("terminationGracePeriodSeconds").asInt() >= 10).as("terminationGracePeriodSeconds")
                .isTrue();

        JsonNode service = one(docs, "Service");
        assertThat(strings(service.path("spec").path("selector")).entrySet()).isNotEmpty()
                .isSubsetOf(podLabels.entrySet());
        JsonNode servicePort = named(service.path("spec").path("ports"), "metrics");
        assertThat(servicePort.path("port").asInt()).isEqualTo(port);
        assertThat(servicePort.path("targetPort").asText()).isIn("metrics", Integer.toString(port));

        JsonNode monitor = one(docs, "ServiceMonitor");
        assertThat(monitor.path("apiVersion").asText()).isEqualTo("monitoring.coreos.com/v1");
        assertThat(strings(monitor.path("spec").path("selector").path("matchLabels")).entrySet()).isNotEmpty()
                .isSubsetOf(strings(service.path("metadata").path("labels")).entrySet());
        JsonNode endpoints = monitor.path("spec").path("endpoints");
        assertThat(endpoints).hasSize(1);
        assertThat(endpoints.path(0).path("port").asText()).isEqualTo("metrics");
        assertThat(endpoints.path(0).path("path").asText()).isEqualTo("/metrics");
        // As often as the plain scrape config scrapes.
        JsonNode scrape = yaml.readTree(SCRAPE_CONFIG.toFile());
        assertThat(endpoints.path(0).path("interval").asText())
                .isEqualTo(scrape.path("scrape_configs").path(0).path("scrape_interval").asText());
    }

    @Test
    void theConfigIsMountedWhereArgsSayAndItsCredentialsComeFromASecret() throws IOException {
        List<JsonNode> docs = documents(MANIFEST);
        JsonNode pod = one(docs, "Deployment").path("spec").path("template").path("spec");
        JsonNode container = pod.path("containers").path(0);
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> args.add(a.asText()));

        Path config = Path.of(value(args, "--config"));
        JsonNode configMount = mountAt(container, config.getParent().toString());
        assertThat(configMount.path("readOnly").asBoolean()).isTrue();
        JsonNode configVolume = named(pod.path("volumes"), configMount.path("name").asText());
        JsonNode configMap = one(docs, "ConfigMap");
        assertThat(configVolume.path("configMap").path("name").asText())
                .isEqualTo(configMap.path("metadata").path("name").asText());
        String text = configMap.path("data").path(config.getFileName().toString()).asText();
        assertThat(text).as("the ConfigMap's " + config.getFileName()).isNotBlank();
        JsonNode watchConfig = yaml.readTree(text);
        // watch reads it, every variable it names set, the args' flags beside it.
        Path file = tmp.resolve("watch.yaml");
        Files.writeString(file, text);
        WatchConfig read = ConfigFile.read(file, variable -> "set-from-secret", Map.of("listen",
                value(args, "--listen"), "history", tmp.resolve("history").toString(), "site", "eu-west"));
        assertThat(read.providers()).isNotEmpty();
        JsonNode providers = watchConfig.path("providers");
        assertThat(providers).isNotEmpty();
        Set<String> names = new HashSet<>();
        Map<String, JsonNode> env = env(container);
        for (JsonNode provider : providers) {
            String name = provider.path("name").asText();
            assertThat(name).matches(HistoryDir.NAME);
            assertThat(names.add(name)).as("unique name " + name).isTrue();
            assertThat(URI.create(provider.path("proxy").asText()).getUserInfo()).as(name + ": credentials in the "
                    + "proxy URL, which a ConfigMap shows to anyone who can read it").isNull();
            for (String key : List.of("username_env", "password_env")) {
                String variable = provider.path(key).asText();
                assertThat(env).as(name + ": " + key + " " + variable + " in the container's env")
                        .containsKey(variable);
                JsonNode ref = env.get(variable).path("valueFrom").path("secretKeyRef");
                assertThat(ref.path("name").asText() + ref.path("key").asText()).as(variable + " from a Secret")
                        .isNotBlank();
            }
        }

        // The history on the claim, which one pod writes: the old pod goes before the new one mounts it.
        String history = value(args, "--history");
        JsonNode historyMount = mountAt(container, history);
        assertThat(historyMount.path("readOnly").asBoolean(false)).isFalse();
        JsonNode historyVolume = named(pod.path("volumes"), historyMount.path("name").asText());
        JsonNode claim = one(docs, "PersistentVolumeClaim");
        assertThat(historyVolume.path("persistentVolumeClaim").path("claimName").asText())
                .isEqualTo(claim.path("metadata").path("name").asText());
        assertThat(claim.path("spec").path("accessModes")).extracting(JsonNode::asText)
                .containsExactly("ReadWriteOnce");
        assertThat(one(docs, "Deployment").path("spec").path("strategy").path("type").asText()).isEqualTo("Recreate");

        // The image and user the run's manifests and the Dockerfile name.
        JsonNode shard = one(documents(SHARDS_MANIFEST), "Job").path("spec").path("template").path("spec");
        assertThat(container.path("image").asText()).isEqualTo(shard.path("containers").path(0).path("image")
                .asText());
        String user = Files.readAllLines(DOCKERFILE).stream().filter(l -> l.startsWith("USER ")).findFirst()
                .orElseThrow().substring("USER ".length()).strip().split(":")[0];
        assertThat(pod.path("securityContext").path("runAsUser").asText()).isEqualTo(user);
        assertThat(pod.path("securityContext").path("fsGroup").asText()).as("fsGroup: the claim writable")
                .isNotBlank();
    }

    @Test
    void promtoolChecksTheRulesAndTheScrapeConfig() throws IOException, InterruptedException {
        Path promtool = promtool();
        assertThat(run(promtool, "check", "rules", RULES.toString()))
                .contains("SUCCESS: " + ALERTS.size() + " rules found");
        // Also checks the rule files the config names.
        assertThat(run(promtool, "check", "config", SCRAPE_CONFIG.toString())).contains("SUCCESS");
        JsonNode scrape = yaml.readTree(SCRAPE_CONFIG.toFile());
        assertThat(scrape.path("rule_files")).extracting(JsonNode::asText)
                .containsExactly(RULES.getFileName().toString());
        assertThat(scrape.path("scrape_configs")).extracting(j -> j.path("job_name").asText())
                .containsExactly("proxybench-watch");
    }

    @Test
    void promtoolUnitTestsFireProviderDownForOneProviderAndNotForTheOthers() throws IOException,
            InterruptedException {
        // The case the unit tests must keep: of several providers' probe_success series, one alone fires.
        JsonNode tests = yaml.readTree(RULES_TESTS.toFile());
        assertThat(tests.path("rule_files")).extracting(JsonNode::asText)
                .containsExactly(RULES.getFileName().toString());
        Set<String> fed = new TreeSet<>();
        Set<String> fired = new TreeSet<>();
        for (JsonNode test : tests.path("tests")) {
            for (JsonNode alert : test.path("alert_rule_test")) {
                if (alert.path("alertname").asText().equals("ProxyProviderDown")) {
                    alert.path("exp_alerts").forEach(a -> fired.add(a.path("exp_labels").path("provider").asText()));
                    for (JsonNode series : test.path("input_series")) {
                        Matcher m = Pattern.compile("^probe_success\\{.*provider=\"([^\"]+)\"")
                                .matcher(series.path("series").asText());
                        if (m.find()) {
                            fed.add(m.group(1));
                        }
                    }
                }
            }
        }
        assertThat(fired).hasSize(1);
        assertThat(fed).containsAll(fired).hasSizeGreaterThan(fired.size());

        assertThat(run(promtool(), "test", "rules", RULES_TESTS.toString())).contains("SUCCESS");
    }

    @Test
    void promtoolParsesEveryDashboardQuery() throws IOException, InterruptedException {
        Path promtool = promtool();
        // Each query as a recording rule, Grafana's variables replaced as Grafana would.
        List<Map<String, String>> rules = new ArrayList<>();
        for (Map.Entry<String, String> expr : expressions().entrySet()) {
            if (expr.getKey().startsWith("dashboard panel")) {
                String promql = expr.getValue().replace("$__rate_interval", "1m").replaceAll("\\$[a-z_]+", ".*");
                rules.add(Map.of("record", "dashboard:query_" + rules.size(), "expr", promql));
            }
        }
        Path file = tmp.resolve("dashboard-queries.yml");
        yaml.writeValue(file.toFile(), Map.of("groups", List.of(Map.of("name", "dashboard", "rules", rules))));
        assertThat(run(promtool, "check", "rules", file.toString()))
                .contains("SUCCESS: " + rules.size() + " rules found");
    }

    /** The rules file's alerts by name, in its order; no name twice. */
    private Map<String, JsonNode> alerts() throws IOException {
        JsonNode file = yaml.readTree(RULES.toFile());
        assertThat(file.path("groups")).isNotEmpty();
        Map<String, JsonNode> alerts = new LinkedHashMap<>();
        for (JsonNode group : file.path("groups")) {
            assertThat(group.path("name").asText()).isNotBlank();
            for (JsonNode rule : group.path("rules")) {
                String name = rule.path("alert").asText();
                assertThat(name).as("an alert in " + RULES).isNotBlank();
                assertThat(alerts.put(name, rule)).as("one alert " + name).isNull();
            }
        }
        return alerts;
    }

    /** Every PromQL expression of the files by where it is: the rules', the dashboard's targets and variables. */
    private Map<String, String> expressions() throws IOException {
        Map<String, String> exprs = new LinkedHashMap<>();
        alerts().forEach((name, rule) -> exprs.put("rule " + name, rule.path("expr").asText()));
        JsonNode dashboard = json.readTree(DASHBOARD.toFile());
        List<JsonNode> panels = panels(dashboard);
        for (int i = 0; i < panels.size(); i++) {
            // Keyed by position too: a duplicated id or title must not hide a query.
            for (JsonNode target : panels.get(i).path("targets")) {
                exprs.put("dashboard panel " + i + " '" + panels.get(i).path("title").asText() + "' "
                        + target.path("refId").asText(), target.path("expr").asText());
            }
        }
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asText().equals("query")) {
                exprs.put("dashboard variable " + variable.path("name").asText(),
                        variable.path("definition").asText());
            }
        }
        return exprs;
    }

    /** The dashboard's panels, a collapsed row's included. */
    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        }
        return panels;
    }

    private List<JsonNode> documents(Path file) throws IOException {
        try (MappingIterator<JsonNode> it = yaml.readerFor(JsonNode.class).readValues(file.toFile())) {
            return it.readAll().stream().filter(d -> d != null && !d.isNull() && !d.isMissingNode()).toList();
        }
    }

    private static JsonNode one(List<JsonNode> docs, String kind) {
        List<JsonNode> found = docs.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
        assertThat(found).as("one " + kind).hasSize(1);
        return found.get(0);
    }

    /** The element of a list of objects whose {@code name} is {@code name}. */
    private static JsonNode named(JsonNode list, String name) {
        for (JsonNode item : list) {
            if (item.path("name").asText().equals(name)) {
                return item;
            }
        }
        throw new AssertionError("nothing named " + name + " in " + list);
    }

    /** The container's volume mount at exactly {@code path}. */
    private static JsonNode mountAt(JsonNode container, String path) {
        for (JsonNode mount : container.path("volumeMounts")) {
            if (mount.path("mountPath").asText().equals(path)) {
                return mount;
            }
        }
        throw new AssertionError("no volume mounted at " + path + " in " + container.path("volumeMounts"));
    }

    /** The container's env variables by name, each the whole entry (value or valueFrom). */
    private static Map<String, JsonNode> env(JsonNode container) {
        Map<String, JsonNode> env = new LinkedHashMap<>();
        for (JsonNode variable : container.path("env")) {
            assertThat(env.put(variable.path("name").asText(), variable)).as("env " + variable).isNull();
        }
        return env;
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> map = new HashMap<>();
        object.fields().forEachRemaining(f -> map.put(f.getKey(), f.getValue().asText()));
        return map;
    }

    private static Set<String> fieldNames(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The one value of {@code option} in {@code args}. */
    private static String value(List<String> args, String option) {
        int at = args.indexOf(option);
        assertThat(at).as(option + " in " + args).isNotNegative().isLessThan(args.size() - 1);
        assertThat(args.lastIndexOf(option)).as("one " + option).isEqualTo(at);
        return args.get(at + 1);
    }

    /** promtool from the PATH; the test skips without it (fails under CI=true). */
    private static Path promtool() {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/bin")
                .split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "promtool");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        String message = "promtool missing: install with apt-get install -y prometheus (bin/test does this as root)";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
        throw new IllegalStateException("unreachable: Assumptions.abort always throws");
    }

    /** Runs promtool to its end and returns what it printed; fails unless it exits 0 within the limit. */
    private String run(Path promtool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(promtool.toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(tmp, "promtool", ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(PROMTOOL_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError(command + " still running after " + PROMTOOL_LIMIT_SECONDS + " s; log: "
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
        } finally {
            p.destroyForcibly();
        }
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(command + " printed:\n" + printed).isZero();
        return printed;
    }
}
