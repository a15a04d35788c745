package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.proxybench.analysis.FigureNames;
import io.proxybench.harness.metrics.RunMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The files under deploy/ agree with each other and with the code: the Kubernetes manifests (shards, merge, claim),
 * their launch script, the Dockerfile and the Grafana dashboard, whose every metric must be one that
 * {@link RunMetrics} exposes. Nothing here needs a cluster; the manifests are read as data. Watch's files
 * (deploy/k8s/watch.yaml among them) are {@link WatchDeployFilesTest}'s.
 */
class DeployFilesTest {

    private static final Path ROOT = repositoryRoot();
    private static final Path K8S = ROOT.resolve("deploy/k8s");
    /** The manifests of a sharded run, which run.sh applies; the others in deploy/k8s (watch.yaml) are not a run's. */
    private static final List<String> RUN_MANIFESTS = List.of("pvc.yaml", "shards-job.yaml", "merge-job.yaml");
    /** The claim the shards write their records to and the merge reads them from. */
    private static final String RESULTS_CLAIM = "proxybench-results";
    private static final String INDEX_FIELD = "metadata.annotations['batch.kubernetes.io/job-completion-index']";
    private static final Pattern VAR = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    private static final Pattern SHARD = Pattern.compile("\\$\\(JOB_COMPLETION_INDEX\\)/(\\d+)");
    private static final Pattern METRIC = Pattern.compile("proxybench_[a-z_]+");
    /** The series the README and the dashboard name; a renamed metric must fail here first. */
    private static final Set<String> DOCUMENTED = Set.of("proxybench_records_total", "proxybench_errors_total",
            "proxybench_tunnel_requests_total", "proxybench_wire_bytes_total", "proxybench_phase_seconds_bucket",
            "proxybench_phase_seconds_sum", "proxybench_phase_seconds_count", "proxybench_requests_scheduled_total",
            "proxybench_requests_sent_total", "proxybench_retries_total", "proxybench_requests_in_flight",
            "proxybench_requests_backlog", "proxybench_exits", "proxybench_run_finished", "proxybench_run_info",
            "proxybench_unique_exits");
    /**
     * The run's figures under their one names ({@code FigureNames}): a shard's own, which a dashboard over shards does
     * not sum; exposed beside the counters, with a sample once defined.
     */
    private static final Set<String> FIGURES = figureSeries();
    /** The name earlier versions served for {@code proxybench_unique_exits}, kept for one version; no panel uses it. */
    private static final String OLD_EXITS = "proxybench_exits";
    /** Labels Prometheus adds to a scraped pod's series, which a dashboard may group by. */
    private static final Set<String> TARGET_LABELS = Set.of("le", "instance", "job", "pod", "namespace");

    private final YAMLMapper yaml = new YAMLMapper();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everyManifestParsesAndNamesItsKindAndName() throws IOException {
        List<Path> files = manifests(K8S);
        assertThat(files).extracting(p -> p.getFileName().toString()).containsAll(RUN_MANIFESTS);
        for (Path file : files) {
            List<JsonNode> docs = documents(file);
            assertThat(docs).as(file.toString()).isNotEmpty();
            for (JsonNode doc : docs) {
                assertThat(doc.path("apiVersion").asText()).as(file + ": apiVersion").isNotEmpty();
                assertThat(doc.path("kind").asText()).as(file + ": kind").isNotEmpty();
                assertThat(doc.path("metadata").path("name").asText()).as(file + ": metadata.name").isNotEmpty();
            }
        }
        JsonNode claim = named(K8S, "PersistentVolumeClaim", RESULTS_CLAIM);
        assertThat(claim.path("spec").path("accessModes")).extracting(JsonNode::asText).contains("ReadWriteMany");
    }

    @Test
    void shardsAndMergeAgreeAsWritten() throws IOException {
        checkRun(K8S, 4);
        // As written, the start time is a placeholder long past, so that shards applied as they are refuse to run.
        assertThat(startAt(K8S)).isBefore(Instant.now());
    }

    @Test
    void runShRendersThemForEightShardsStartingAfterTheLead() throws Exception {
        Path out = tmp.resolve("rendered");
        ProcessBuilder pb = new ProcessBuilder("bash", K8S.resolve("run.sh").toString(), "8", "300")
                .redirectErrorStream(true);
        pb.environment().put("PROXYBENCH_RENDER_TO", out.toString());
        Instant before = Instant.now();
        Process p = pb.start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        Files.copy(K8S.resolve("pvc.yaml"), out.resolve("pvc.yaml"));

        checkRun(out, 8);
        // Whole seconds: the start may fall up to a second before now + lead.
        assertThat(startAt(out)).isBetween(before.plusSeconds(299), Instant.now().plusSeconds(301));
    }

    @Test
    void runShIsAStrictExecutableScriptThatKnowsTheManifests() throws IOException {
        Path script = K8S.resolve("run.sh");
        assertThat(Files.isExecutable(script)).as(script + " is executable").isTrue();
        String text = Files.readString(script);
        assertThat(text).startsWith("#!/").contains("\nset -euo pipefail\n");
        for (String file : RUN_MANIFESTS) {
            assertThat(text).as("run.sh applies " + file).contains(file);
        }
        for (String job : List.of("proxybench-shards", "proxybench-merge")) {
            assertThat(text).contains(job);
        }
        // The Secret the shards read is the one whose absence run.sh explains, with the key it tells to create.
        JsonNode pod = job(K8S, "proxybench-shards").path("spec").path("template").path("spec");
        String secret = secretVolume(pod).path("secret").path("secretName").asText();
        String key = Path.of(values(commandLine(container(job(K8S, "proxybench-shards"))), "--proxy-file").get(0))
                .getFileName().toString();
        assertThat(text).contains("kubectl get secret " + secret)
                .contains("kubectl create secret generic " + secret + " --from-literal=" + key + "=");
    }

    @Test
    void theImageRunsTheJarTheJobsCallAsTheUserTheyName() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("deploy/Dockerfile"));
        List<String> entrypoint = List.of(json.readValue(instruction(lines, "ENTRYPOINT"), String[].class));
        assertThat(entrypoint).hasSize(3).startsWith("java", "-jar");
        String jar = entrypoint.get(2);
        assertThat(instruction(lines, "COPY")).isEqualTo("cli/target/proxybench.jar " + jar);
        assertThat(instruction(lines, "FROM")).startsWith("eclipse-temurin:17-jre");
        String user = instruction(lines, "USER");
        assertThat(user).doesNotStartWith("0").doesNotStartWith("root");
        assertThat(script(job(K8S, "proxybench-merge"))).contains("java -jar " + jar + " merge");
        for (String name : List.of("proxybench-shards", "proxybench-merge")) {
            JsonNode pod = job(K8S, name).path("spec").path("template").path("spec");
            assertThat(pod.path("securityContext").path("runAsUser").asText()).as(name)
                    .isEqualTo(user.split(":")[0]);
            assertThat(container(job(K8S, name)).path("image").asText()).as(name).isEqualTo("proxybench:latest");
        }
    }

    @Test
    void theDashboardUsesOnlyExposedMetricsAndEveryOneOfThem() throws IOException {
        Map<String, Set<String>> exposed = scrape();
        assertThat(exposed.keySet()).as("series RunMetrics exposes").containsAll(DOCUMENTED)
                .allSatisfy(series -> assertThat(DOCUMENTED.contains(series) || FIGURES.contains(series))
                        .as(series).isTrue());
        Set<String> labelNames = new HashSet<>(TARGET_LABELS);
        exposed.values().forEach(pairs -> pairs.forEach(pair -> labelNames.add(pair.substring(0, pair.indexOf('=')))));

        JsonNode dashboard = json.readTree(ROOT.resolve("deploy/grafana/proxybench.json").toFile());
        assertThat(dashboard.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        JsonNode datasource = null;
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asText().equals("datasource")) {
                datasource = variable;
            }
        }
        assertThat(datasource).as("a datasource template variable").isNotNull();
        assertThat(datasource.path("query").asText()).isEqualTo("prometheus");
        String dsRef = "${" + datasource.path("name").asText() + "}";

        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panels.add(panel);
            panel.path("panels").forEach(panels::add); // a collapsed row's
        }
        Set<Integer> ids = new HashSet<>();
        List<int[]> boxes = new ArrayList<>();
        Set<String> used = new TreeSet<>();
        for (JsonNode panel : panels) {
            String title = panel.path("title").asText();
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
            assertThat(panel.path("targets")).as(title + ": targets").isNotEmpty();
            for (JsonNode target : panel.path("targets")) {
                String expr = target.path("expr").asText();
                assertThat(target.path("datasource").path("uid").asText()).as(title).isEqualTo(dsRef);
                Matcher m = METRIC.matcher(expr);
                assertThat(m.find()).as(title + ": " + expr).isTrue();
                do {
                    assertThat(exposed).as(title + ": " + expr).containsKey(m.group());
                    used.add(m.group());
                } while (m.find());
                // {label="value"} matchers name a label value the metric has.
                Matcher selector = Pattern.compile("(proxybench_[a-z_]+)\\{([^}]*)}").matcher(expr);
                while (selector.find()) {
                    Matcher pair = Pattern.compile("(\\w+)=\"([^\"]*)\"").matcher(selector.group(2));
                    while (pair.find()) {
                        assertThat(exposed.get(selector.group(1))).as(title + ": " + expr)
                                .contains(pair.group(1) + "=" + pair.group(2));
                    }
                }
                Matcher by = Pattern.compile("by \\(([^)]*)\\)").matcher(expr);
                while (by.find()) {
                    for (String label : by.group(1).split(",")) {
                        assertThat(labelNames).as(title + ": " + expr).contains(label.strip());
                    }
                }
            }
        }
        Set<String> unused = new TreeSet<>(exposed.keySet());
        unused.removeAll(used);
        unused.remove("proxybench_run_info");
        unused.remove(OLD_EXITS);
        unused.removeAll(FIGURES);
        assertThat(unused).as("exposed series no panel shows").isEmpty();
    }

    /**
     * The shards Job, the merge Job and the claim in {@code dir} describe one run of {@code shards} shards: indexed,
     * one pod per shard and no retries; every {@code $(VAR)} declared; records on the claim, named per index, and
     * the merge reading each of those once; the metrics port the same in args, container and annotations; and the
     * arguments ones that proxybench parses.
     */
    private void checkRun(Path dir, int shards) throws IOException {
        String claim = named(dir, "PersistentVolumeClaim", RESULTS_CLAIM).path("metadata").path("name").asText();
        JsonNode job = job(dir, "proxybench-shards");
        JsonNode spec = job.path("spec");
        assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
        assertThat(spec.path("completions").asInt()).isEqualTo(shards);
        assertThat(spec.path("parallelism").asInt()).isEqualTo(shards);
        assertThat(spec.path("backoffLimit").isInt() && spec.path("backoffLimit").asInt() == 0)
                .as("backoffLimit 0").isTrue();
        JsonNode pod = spec.path("template");
        assertThat(pod.path("spec").path("restartPolicy").asText()).isEqualTo("Never");
        assertThat(pod.path("spec").path("containers")).hasSize(1);
        JsonNode c = container(job);
        List<String> args = commandLine(c);
        Map<String, JsonNode> env = env(c);

        List<String> shardArgs = values(args, "--shard");
        assertThat(shardArgs).hasSize(1);
        for (String shard : shardArgs) {
            Matcher m = SHARD.matcher(shard);
            assertThat(m.matches()).as("--shard " + shard).isTrue();
            assertThat(Integer.parseInt(m.group(1))).as("--shard " + shard).isEqualTo(shards);
        }
        assertThat(env.get("JOB_COMPLETION_INDEX")).as("JOB_COMPLETION_INDEX in env").isNotNull();
        assertThat(env.get("JOB_COMPLETION_INDEX").path("fieldRef").path("fieldPath").asText()).isEqualTo(INDEX_FIELD);
        Set<String> vars = new TreeSet<>();
        args.forEach(a -> VAR.matcher(a).results().forEach(r -> vars.add(r.group(1))));
        assertThat(env.keySet()).as("env declares every $(VAR) of the args").containsAll(vars);
        for (JsonNode value : env.values()) {
            JsonNode ref = value.path("configMapKeyRef");
            if (!ref.isMissingNode()) {
                JsonNode map = named(dir, "ConfigMap", ref.path("name").asText());
                assertThat(map.path("data").has(ref.path("key").asText())).as("ConfigMap key " + ref).isTrue();
            }
        }
        assertThat(values(args, "--start-at")).containsExactly("$(START_AT)");
        // The proxy URL from a file of the Secret's volume, never an argument (it would show in the process list).
        assertThat(values(args, "--proxy")).isEmpty();
        String proxyFile = values(args, "--proxy-file").get(0);
        JsonNode secret = secretVolume(pod.path("spec"));
        assertThat(secret.path("secret").path("secretName").asText()).isNotEmpty();
        String mount = null;
        for (JsonNode m : c.path("volumeMounts")) {
            if (m.path("name").asText().equals(secret.path("name").asText())) {
                mount = m.path("mountPath").asText();
            }
        }
        assertThat(mount).as("the Secret's volume is mounted").isNotNull();
        assertThat(Path.of(proxyFile).getParent()).isEqualTo(Path.of(mount));
        assertThat(args).contains("--no-progress");

        // Records on the claim, one file per index.
        String out = values(args, "--out").get(0);
        assertThat(out).contains("$(JOB_COMPLETION_INDEX)");
        assertThat(claimAt(pod.path("spec"), c, out)).as("--out " + out + " on the claim").isEqualTo(claim);
        List<String> shardFiles = IntStream.range(0, shards)
                .mapToObj(i -> out.replace("$(JOB_COMPLETION_INDEX)", Integer.toString(i))).toList();

        // One metrics port everywhere.
        String port = values(args, "--metrics-port").get(0);
        assertThat(values(args, "--metrics-host")).containsExactly("0.0.0.0");
        assertThat(values(args, "--metrics-linger")).hasSize(1);
        JsonNode metricsPort = null;
        for (JsonNode p : c.path("ports")) {
            if (p.path("name").asText().equals("metrics")) {
                metricsPort = p;
            }
        }
        assertThat(metricsPort).as("a container port named metrics").isNotNull();
        assertThat(metricsPort.path("containerPort").asText()).isEqualTo(port);
        JsonNode annotations = pod.path("metadata").path("annotations");
        assertThat(annotations.path("prometheus.io/port").asText()).isEqualTo(port);
        assertThat(annotations.path("prometheus.io/scrape").asText()).isEqualTo("true");
        assertThat(annotations.path("prometheus.io/path").asText()).isEqualTo("/metrics");
        assertThat(c.path("resources").path("limits").path("cpu").asText()).isNotEmpty();
        assertThat(c.path("resources").path("requests").path("memory").asText()).isNotEmpty();

        // As the shard of index 0 would see them, proxybench parses the args as run's.
        List<String> expanded = args.stream().map(a -> a.replace("$(JOB_COMPLETION_INDEX)", "0")
                .replace("$(START_AT)", "2099-01-01T00:00:00Z")
                ).toList();
        assertThat(expanded).noneMatch(a -> a.contains("$("));
        CommandLine.ParseResult run = Main.commandLine().parseArgs(expanded.toArray(String[]::new));
        assertThat(run.subcommand().commandSpec().name()).isEqualTo("run");
        assertThat(run.subcommand().matchedOptionValue("--shard", "")).isEqualTo("0/" + shards);

        // The merge reads each shard's file once, from the same claim, and analyze reads what merge wrote.
        JsonNode merge = job(dir, "proxybench-merge");
        assertThat(merge.path("spec").path("backoffLimit").asInt(-1)).isZero();
        JsonNode mergeContainer = container(merge);
        Map<String, List<String>> commands = proxybenchCommands(script(merge));
        assertThat(commands).containsOnlyKeys("merge", "analyze");
        List<String> mergeArgs = commands.get("merge");
        List<String> listed = new ArrayList<>();
        mergeArgs.stream().filter(a -> a.matches(".*/shard-\\d+\\.jsonl")).forEach(listed::add);
        assertThat(listed).as("merge's shard files").containsExactlyInAnyOrderElementsOf(shardFiles);
        String merged = values(mergeArgs, "--out").get(0);
        assertThat(commands.get("analyze")).contains(merged);
        JsonNode mergePod = merge.path("spec").path("template").path("spec");
        for (String file : concat(listed, List.of(merged))) {
            assertThat(claimAt(mergePod, mergeContainer, file)).as(file + " on the claim").isEqualTo(claim);
        }
        for (List<String> command : commands.values()) {
            CommandLine.ParseResult parsed = Main.commandLine().parseArgs(command.toArray(String[]::new));
            assertThat(parsed.subcommand().commandSpec().name()).isEqualTo(command.get(0));
        }
    }

    /** The start time the shards' ConfigMap holds. */
    private Instant startAt(Path dir) throws IOException {
        JsonNode ref = env(container(job(dir, "proxybench-shards"))).get("START_AT").path("configMapKeyRef");
        return Instant.parse(named(dir, "ConfigMap", ref.path("name").asText()).path("data")
                .path(ref.path("key").asText()).asText());
    }

    /** The claim that {@code path} lies on in that pod, through the container's mounts; null if none. */
    private static String claimAt(JsonNode podSpec, JsonNode container, String path) {
        for (JsonNode mount : container.path("volumeMounts")) {
            String at = mount.path("mountPath").asText();
            if (path.startsWith(at.endsWith("/") ? at : at + "/") && !mount.path("readOnly").asBoolean(false)) {
                for (JsonNode volume : podSpec.path("volumes")) {
                    if (volume.path("name").asText().equals(mount.path("name").asText())) {
                        return volume.path("persistentVolumeClaim").path("claimName").asText(null);
                    }
                }
            }
        }
        return null;
    }

    /** Each {@code java -jar JAR COMMAND ...} line of a shell script, keyed by COMMAND, up to a redirect. */
    private static Map<String, List<String>> proxybenchCommands(String script) {
        Map<String, List<String>> commands = new LinkedHashMap<>();
        for (String line : script.replace("\\\n", " ").split("\n")) {
            List<String> words = List.of(line.strip().split("\\s+"));
            int java = words.indexOf("java");
            if (java < 0 || words.size() < java + 4 || !words.get(java + 1).equals("-jar")) {
                continue;
            }
            List<String> args = new ArrayList<>();
            for (String word : words.subList(java + 3, words.size())) {
                if (word.startsWith(">") || word.equals("|") || word.equals("&&") || word.equals(";")) {
                    break;
                }
                args.add(word);
            }
            assertThat(commands.put(args.get(0), args)).as("one " + args.get(0) + " in " + script).isNull();
        }
        return commands;
    }

    /** The series a shard's metrics endpoint serves, each with its label pairs (label=value). */
    /** Each figure's series as {@code RunMetrics} names it: a count {@code _total}, a time {@code _seconds}. */
    private static Set<String> figureSeries() {
        Set<String> series = new HashSet<>();
        for (String name : FigureNames.ALL) {
            series.add("proxybench_" + name + switch (name) {
                case FigureNames.OK, FigureNames.CONNECTIONS_OPENED, FigureNames.RETRIED -> "_total";
                case FigureNames.MAX_START_LAG -> "_seconds";
                default -> "";
            });
        }
        series.remove("proxybench_" + FigureNames.RECORDS);
        return series;
    }

    private static Map<String, Set<String>> scrape() throws IOException {
        RunMetrics metrics = new RunMetrics("1/4:1/2 of 0,1/4,1/2,3/4,1");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape());
        Map<String, Set<String>> series = new HashMap<>();
        for (PrometheusText.Sample sample : PrometheusText.parse(out.toString(StandardCharsets.UTF_8)).samples()) {
            Set<String> pairs = series.computeIfAbsent(sample.name(), n -> new TreeSet<>());
            sample.labels().forEach((label, value) -> pairs.add(label + "=" + value));
        }
        return series;
    }

    /** The pod's volume that holds a Secret. */
    private static JsonNode secretVolume(JsonNode podSpec) {
        for (JsonNode v : podSpec.path("volumes")) {
            if (v.has("secret")) {
                return v;
            }
        }
        throw new AssertionError("no Secret volume in " + podSpec);
    }

    private static List<String> values(List<String> args, String option) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(option) && i + 1 < args.size()) {
                values.add(args.get(i + 1));
            } else if (args.get(i).startsWith(option + "=")) {
                values.add(args.get(i).substring(option.length() + 1));
            }
        }
        return values;
    }

    private static List<String> commandLine(JsonNode container) {
        List<String> words = new ArrayList<>();
        container.path("command").forEach(w -> words.add(w.asText()));
        container.path("args").forEach(w -> words.add(w.asText()));
        return words;
    }

    /** The shell script a container runs through {@code sh -c}. */
    private static String script(JsonNode job) {
        List<String> words = commandLine(container(job));
        assertThat(words).hasSize(3).startsWith("sh", "-c");
        return words.get(2);
    }

    private static Map<String, JsonNode> env(JsonNode container) {
        Map<String, JsonNode> env = new LinkedHashMap<>();
        for (JsonNode var : container.path("env")) {
            assertThat(env.put(var.path("name").asText(), var.path("valueFrom"))).as("env " + var).isNull();
        }
        return env;
    }

    private static JsonNode container(JsonNode job) {
        return job.path("spec").path("template").path("spec").path("containers").path(0);
    }

    private JsonNode job(Path dir, String name) throws IOException {
        return named(dir, "Job", name);
    }

    private JsonNode named(Path dir, String kind, String name) throws IOException {
        List<JsonNode> found = all(dir).stream().filter(d -> d.path("kind").asText().equals(kind)
                && d.path("metadata").path("name").asText().equals(name)).toList();
        assertThat(found).as(kind + " " + name + " in " + dir).hasSize(1);
        return found.get(0);
    }

    private List<JsonNode> all(Path dir) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        for (Path file : manifests(dir)) {
            docs.addAll(documents(file));
        }
        return docs;
    }

    private List<JsonNode> documents(Path file) throws IOException {
        try (MappingIterator<JsonNode> it = yaml.readerFor(JsonNode.class).readValues(file.toFile())) {
            return it.readAll().stream().filter(d -> d != null && !d.isNull() && !d.isMissingNode()).toList();
        }
    }

    private static List<Path> manifests(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** The arguments of a Dockerfile instruction, which must appear once. */
    private static String instruction(List<String> lines, String name) {
        List<String> found = lines.stream().filter(l -> l.startsWith(name + " ")).toList();
        assertThat(found).as(name + " in the Dockerfile").hasSize(1);
        return found.get(0).substring(name.length() + 1).strip();
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The repository root: tests run in cli/, but find it from anywhere below it. */
    static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("deploy/k8s"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no deploy/k8s above " + Path.of("").toAbsolutePath());
    }
}
