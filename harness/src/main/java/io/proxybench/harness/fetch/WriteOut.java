package io.proxybench.harness.fetch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code fetch -w/--write-out} format, read as curl reads one: {@code %{variable}} (see {@link FetchVariables}),
 * {@code %header{name}} for a response header, {@code %{json}} for every figure as one JSON object, {@code
 * %{stdout}} and {@code %{stderr}} to switch where the rest goes (stdout at first), {@code %{onerror}} to print the
 * rest only when the fetch failed, {@code %%} for a percent sign, and {@code \n}, {@code \r}, {@code \t} and {@code
 * \\}. Unlike curl, an unknown variable is an error before anything is sent, not a warning after.
 */
public final class WriteOut {

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    /** One piece of a format. */
    private sealed interface Piece permits Text, Variable, Header, Json, ToStdout, ToStderr, OnError {}

    private record Text(String text) implements Piece {}

    private record Variable(FetchVariables.Variable variable) implements Piece {}

    private record Header(String name) implements Piece {}

    private record Json() implements Piece {}

    private record ToStdout() implements Piece {}

    private record ToStderr() implements Piece {}

    private record OnError() implements Piece {}

    private final List<Piece> pieces;

    private WriteOut(List<Piece> pieces) {
        this.pieces = pieces;
    }

    /** {@code --json}: {@code %{json}} and a line break. */
    public static WriteOut json() {
        return new WriteOut(List.of(new Json(), new Text("\n")));
    }

    /**
     * Reads a format.
     *
     * @throws IllegalArgumentException naming an unknown variable or an unclosed {@code %{}
     */
    public static WriteOut parse(String format) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < format.length()) {
            char c = format.charAt(i);
            if (c == '\\' && i + 1 < format.length() && "nrt\\".indexOf(format.charAt(i + 1)) >= 0) {
                char e = format.charAt(i + 1);
                text.append(e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : '\\');
                i += 2;
            } else if (format.startsWith("%%", i)) {
                text.append('%');
                i += 2;
            } else if (format.startsWith("%{", i) || format.startsWith("%header{", i)) {
                boolean header = format.startsWith("%header{", i);
                int open = format.indexOf('{', i);
                int close = format.indexOf('}', open);
                if (close < 0) {
                    throw new IllegalArgumentException("-w/--write-out: '" + format.substring(i) + "' has no closing"
                            + " '}'; write %{variable}, e.g. %{http_code}");
                }
                String name = format.substring(open + 1, close);
                if (!text.isEmpty()) {
                    pieces.add(new Text(text.toString()));
                    text.setLength(0);
                }
                pieces.add(header ? new Header(name) : piece(name));
                i = close + 1;
            } else {
                text.append(c);
                i++;
            }
        }
        if (!text.isEmpty()) {
            pieces.add(new Text(text.toString()));
        }
        return new WriteOut(List.copyOf(pieces));
    }

    private static Piece piece(String name) {
        switch (name) {
            case "json":
                return new Json();
            case "stdout":
                return new ToStdout();
            case "stderr":
                return new ToStderr();
            case "onerror":
                return new OnError();
            default:
                FetchVariables.Variable v = FetchVariables.all().get(name);
                if (v == null) {
                    throw new IllegalArgumentException("-w/--write-out: no variable %{" + name + "}; e.g."
                            + " %{http_code}, %{time_total}, %{remote_ip}, %{ip} (all in docs/fetch.md)");
                }
                return new Variable(v);
        }
    }

    /** Writes the format for {@code outcome}, to {@code out} until a {@code %{stderr}} says {@code err}. */
    public void write(FetchOutcome outcome, PrintWriter out, PrintWriter err) {
        PrintWriter to = out;
        for (Piece p : pieces) {
            if (p instanceof OnError && outcome.exitCode() == 0) {
                break;
            }
            if (p instanceof Text t) {
                to.print(t.text());
            } else if (p instanceof Variable v) {
                to.print(FetchVariables.text(v.variable().value().apply(outcome)));
            } else if (p instanceof Header h) {
                to.print(outcome.header(h.name()) == null ? "" : outcome.header(h.name()));
            } else if (p instanceof Json) {
                to.print(json(outcome));
            } else if (p instanceof ToStdout) {
                to = out;
            } else if (p instanceof ToStderr) {
                to = err;
            }
        }
        out.flush();
        err.flush();
    }

    private static String json(FetchOutcome outcome) {
        try {
            return JSON.writeValueAsString(FetchVariables.json(outcome));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the fetch's figures did not make JSON: " + e.getOriginalMessage(), e);
        }
    }
}
