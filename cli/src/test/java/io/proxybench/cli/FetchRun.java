package io.proxybench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * {@code proxybench fetch ARGS} run in this JVM as the command line runs it, its body's bytes caught apart from what
 * it prints.
 *
 * @param exitCode the exit code
 * @param body the body's bytes as written to stdout
 * @param out what -w / --json printed to stdout
 * @param err what it printed to stderr
 */
record FetchRun(int exitCode, byte[] body, String out, String err) {

    static FetchRun of(String... args) {
        CommandLine cli = Main.commandLine();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        FetchCommand fetch = cli.getSubcommands().get("fetch").getCommand();
        fetch.stdout = body;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("fetch"));
        all.addAll(List.of(args));
        int code = cli.execute(all.toArray(String[]::new));
        return new FetchRun(code, body.toByteArray(), out.toString(), err.toString());
    }

    /** What --json printed. */
    JsonNode json() {
        try {
            return new ObjectMapper().readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException("fetch --json printed no JSON: " + out + "\nstderr: " + err, e);
        }
    }

    /** The body as UTF-8 text. */
    String text() {
        return new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** For assertion messages. */
    String describe() {
        return "exit " + exitCode + "\nstdout: " + out + "\nstderr: " + err;
    }
}
