package io.proxybench.watch.config;

import io.proxybench.watch.WatchConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * {@code watch --config FILE}: a YAML file (docs/watch.md has a commented example), read as a tree whose values keep
 * their lines, so that every error names the file, the line, the field and the fix
 * ({@code watch.yaml:7: providers[1].proxy: ...; ...}). Unknown fields are refused (a misspelt field would
 * otherwise be silently ignored), as are duplicated ones.
 */
public final class ConfigFile {

    /** Each top-level field, with what it sets. */
    private static final Map<String, BiConsumer<WatchFields, Field>> TOP = new LinkedHashMap<>();
    /** Each provider's field, with what it sets. */
    private static final Map<String, BiConsumer<ProviderFields, Field>> PROVIDER = new LinkedHashMap<>();

    static {
        TOP.put("site", (w, f) -> w.site = f);
        TOP.put("listen", (w, f) -> w.listen = f);
        TOP.put("history", (w, f) -> w.history = f);
        TOP.put("retain", (w, f) -> w.retain = f);
        TOP.put("history_cap", (w, f) -> w.historyCap = f);
        TOP.put("probe_every", (w, f) -> w.probeEvery = f);
        TOP.put("token_env", (w, f) -> w.tokenEnv = f);
        TOP.put("token_file", (w, f) -> w.tokenFile = f);
        TOP.put("ca", (w, f) -> w.ca = f);
        TOP.put("target", (w, f) -> w.target = f);
        TOP.put("rate", (w, f) -> w.rate = f);
        PROVIDER.put("name", (p, f) -> p.name = f);
        PROVIDER.put("proxy", (p, f) -> p.proxy = f);
        PROVIDER.put("provider", (p, f) -> p.dialect = f);
        PROVIDER.put("session_template", (p, f) -> p.sessionTemplate = f);
        PROVIDER.put("username_env", (p, f) -> p.usernameEnv = f);
        PROVIDER.put("password_env", (p, f) -> p.passwordEnv = f);
        PROVIDER.put("password_file", (p, f) -> p.passwordFile = f);
        PROVIDER.put("target", (p, f) -> p.target = f);
        PROVIDER.put("country", (p, f) -> p.country = f);
        PROVIDER.put("rate", (p, f) -> p.rate = f);
        PROVIDER.put("timeout", (p, f) -> p.timeout = f);
        PROVIDER.put("session_life", (p, f) -> p.sessionLife = f);
        PROVIDER.put("p99_budget", (p, f) -> p.p99Budget = f);
    }

    private final String name;

    private ConfigFile(Path file) {
        this.name = file.toString();
    }

    /**
     * Reads and checks {@code file}.
     *
     * @param env the environment's variables by name ({@code System::getenv})
     * @param overrides flags given beside the file ({@code --listen}, {@code --history}, ...) by field name; they
     *     win over the file's
     * @throws IllegalArgumentException naming the file, line, field and fix
     */
    public static WatchConfig read(Path file, Function<String, String> env, Map<String, String> overrides) {
        ConfigFile config = new ConfigFile(file);
        WatchFields fields = config.parse(file);
        overrides.forEach((field, value) -> {
            if (value != null) {
                TOP.get(field).accept(fields, new Field(value, "--" + field.replace('_', '-')));
                if (field.equals("token_file")) {
                    fields.tokenEnv = null;
                }
            }
        });
        return fields.check(env);
    }

    private WatchFields parse(Path file) {
        Node root;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            LoaderOptions options = new LoaderOptions();
            options.setAllowRecursiveKeys(false);
            options.setMaxAliasesForCollections(10);
            root = new Yaml(options).compose(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(name + ": no such file; check the path given to --config");
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new IllegalArgumentException(name + ":" + line + ": not valid YAML: " + e.getProblem()
                    + "; check the indentation and quoting on that line (a value holding ': ' or '#' needs quotes)");
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": cannot be read (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
        WatchFields fields = new WatchFields();
        fields.providersPlace = name;
        fields.providersFix = "add a providers: list, e.g.\n  providers:\n    - name: acme\n"
                + "      proxy: http://gw.acme.example:8000";
        if (root == null) {
            return fields;
        }
        MappingNode top = mapping(root, "the file");
        for (Map.Entry<String, Node> e : entries(top, "").entrySet()) {
            String key = e.getKey();
            Node value = e.getValue();
            if (key.equals("providers")) {
                providers(value, fields);
            } else if (TOP.containsKey(key)) {
                TOP.get(key).accept(fields, scalar(value, key));
            } else {
                throw unknown(value, key, TOP.keySet(), "providers");
            }
        }
        return fields;
    }

    private void providers(Node node, WatchFields fields) {
        if (!(node instanceof SequenceNode list)) {
            throw error(node, "providers", "is not a list", "write each provider as a list item starting with '- '");
        }
        fields.providersPlace = place(node, "providers");
        int i = 0;
        for (Node item : list.getValue()) {
            String path = "providers[" + i++ + "]";
            ProviderFields p = new ProviderFields();
            p.passwordInUrlRefused = true;
            for (Map.Entry<String, Node> e : entries(mapping(item, path), path + ".").entrySet()) {
                String field = path + "." + e.getKey();
                BiConsumer<ProviderFields, Field> set = PROVIDER.get(e.getKey());
                if (set == null) {
                    throw unknown(e.getValue(), field, PROVIDER.keySet(), null);
                }
                set.accept(p, scalar(e.getValue(), field));
            }
            if (p.name == null) {
                throw error(item, path, "has no name", "give it one, e.g. name: acme");
            }
            fields.providers.add(p);
        }
    }

    /** A mapping's entries by key, in order; a key given twice is refused. */
    private Map<String, Node> entries(MappingNode map, String prefix) {
        Map<String, Node> entries = new LinkedHashMap<>();
        Map<String, Node> keys = new HashMap<>();
        for (NodeTuple t : map.getValue()) {
            String key = scalar(t.getKeyNode(), prefix + "(a key)").value();
            Node first = keys.put(key, t.getKeyNode());
            if (first != null) {
                throw error(t.getKeyNode(), prefix + key, "is given twice (first on line " + line(first) + ")",
                        "keep one of them");
            }
            entries.put(key, t.getValueNode());
        }
        return entries;
    }

    private MappingNode mapping(Node node, String path) {
        if (node instanceof MappingNode map) {
            return map;
        }
        throw error(node, path, "is not a mapping of field: value", "write it as field: value lines");
    }

    private Field scalar(Node node, String path) {
        if (node instanceof ScalarNode s) {
            return new Field(s.getValue(), place(node, path));
        }
        throw error(node, path, "is not a single value", "write it as field: value on one line");
    }

    private IllegalArgumentException unknown(Node node, String field, Set<String> known, String more) {
        return error(node, field, "is not a field watch knows", "the fields here are " + String.join(", ", known)
                + (more == null ? "" : ", " + more) + "; check the spelling and the indentation");
    }

    private IllegalArgumentException error(Node node, String field, String problem, String fix) {
        return new Field("", place(node, field)).error(problem, fix);
    }

    private String place(Node node, String field) {
        return name + ":" + line(node) + ": " + field;
    }

    private static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }
}
