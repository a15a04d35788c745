package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Peer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs curl against the lab and splits its output into one {@link Transfer} per URL: curl prints each body
 * followed by a {@code %{...}} summary line, so several URLs in one curl process (one connection) can be checked
 * one by one.
 */
final class Curl {

    /** Written by curl after each transfer; no trace line starts with it. */
    private static final String MARK = "@@curl";
    private static final String WRITE_OUT = "\n" + MARK + " status=%{http_code} connect=%{http_connect}"
            + " connects=%{num_connects}\n";

    private Curl() {
    }

    /** One URL's outcome: the response code, the CONNECT reply code, new connections made and the body. */
    record Transfer(int status, int connectStatus, int connects, String body) {

        /** The {@code key=value} lines of a {@code /cdn-cgi/trace} body. */
        Map<String, String> trace() {
            Map<String, String> fields = new LinkedHashMap<>();
            for (String line : body.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    fields.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            assertThat(fields).as("trace body %s", body).containsKeys("ip", "loc", "http", "tls", "conn", "req");
            return fields;
        }

        String ip() {
            return trace().get("ip");
        }
    }

    /** Runs {@code curl -q -sS --max-time 10 ARGS} with the summary line and returns the raw result. */
    static CommandResult raw(String... args) {
        List<String> command = new ArrayList<>(List.of(Peer.require("curl", "curl").toString(),
                "-q", "-sS", "--max-time", "10", "-w", WRITE_OUT));
        command.addAll(List.of(args));
        return Peer.run(command, Duration.ofSeconds(30));
    }

    /** Runs curl, requires exit code 0 and returns one transfer per URL, in order. */
    static List<Transfer> transfers(String... args) {
        CommandResult result = raw(args).assertSuccess();
        List<Transfer> transfers = parse(result.stdout());
        assertThat(transfers).as(result.describe()).isNotEmpty();
        return transfers;
    }

    /** Runs curl with a single URL, requires exit code 0 and HTTP 200, and returns its transfer. */
    static Transfer ok(String... args) {
        CommandResult result = raw(args).assertSuccess();
        List<Transfer> transfers = parse(result.stdout());
        assertThat(transfers).as(result.describe()).hasSize(1);
        assertThat(transfers.get(0).status()).as(result.describe()).isEqualTo(200);
        return transfers.get(0);
    }

    static List<Transfer> parse(String stdout) {
        List<Transfer> transfers = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (String line : stdout.split("\n", -1)) {
            if (line.startsWith(MARK + " ")) {
                Map<String, String> fields = new LinkedHashMap<>();
                for (String pair : line.substring(MARK.length() + 1).split(" ")) {
                    int eq = pair.indexOf('=');
                    fields.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
                transfers.add(new Transfer(Integer.parseInt(fields.get("status")),
                        Integer.parseInt(fields.get("connect")), Integer.parseInt(fields.get("connects")),
                        body.toString()));
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        return transfers;
    }
}
