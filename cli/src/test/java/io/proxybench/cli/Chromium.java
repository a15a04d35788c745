package io.proxybench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium for the tests that look at the HTML reports: a page's DOM once its scripts ran, in a window a
 * laptop's width, offline (no QUIC, no background or component updates, a fresh profile). Without Chromium such a
 * test skips with the install line, except under {@code CI=true}, which must run it.
 */
final class Chromium {

    /** The window's width, in CSS pixels: a laptop's, which the reports must fit without a horizontal scroll. */
    static final int WIDTH = 1200;
    private static final int HEIGHT = 900;
    private static final int LIMIT_SECONDS = 90;
    private static final String RESULT_ID = "chromium-result";

    private Chromium() {}

    /** Chromium's binary; the test skips without it (fails under CI=true). */
    static Path require() {
        for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        String message = "chromium missing: install with apt-get install -y chromium (bin/test does this as root)";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
        throw new IllegalStateException("unreachable: Assumptions.abort always throws");
    }

    /**
     * The DOM of {@code page} after its scripts ran. {@code work} gets the browser's profile, the DOM and its log,
     * each named after the page's folder.
     */
    static String dom(Path page, Path work) throws IOException, InterruptedException {
        Path chromium = require();
        String name = page.toAbsolutePath().getParent().getFileName().toString();
        Path dom = work.resolve(name + "-dom.html");
        Path log = work.resolve(name + "-chromium.log");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(work, "chromium-profile"),
                "--window-size=" + WIDTH + "," + HEIGHT, "--dump-dom", page.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        try {
            if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("chromium still rendering " + page + " after " + LIMIT_SECONDS + " s; log: "
                        + log);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    /**
     * Runs {@code body}, the body of a JavaScript function, in {@code page} after the page's own scripts, and
     * returns what it returned as JSON. The page is copied into {@code work} with the function added at its end.
     */
    static String evaluate(Path page, String body, Path work) throws IOException, InterruptedException {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int end = html.lastIndexOf("</body>");
        if (end < 0) {
            throw new IllegalArgumentException(page + " has no </body> to add a script before");
        }
        String script = "<script>\n(() => {\nconst result = JSON.stringify((() => {\n" + body + "\n})());\n"
                + "const out = document.createElement('pre');\nout.id = '" + RESULT_ID + "';\n"
                + "out.textContent = result;\ndocument.body.appendChild(out);\n})();\n</script>\n";
        Path folder = Files.createDirectories(work.resolve(page.toAbsolutePath().getParent().getFileName()
                + "-evaluated"));
        Path copy = Files.writeString(folder.resolve(page.getFileName()), html.substring(0, end) + script
                + html.substring(end), StandardCharsets.UTF_8);
        String dom = dom(copy, work);
        Matcher m = Pattern.compile("<pre id=\"" + RESULT_ID + "\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
        if (!m.find()) {
            throw new AssertionError("the script left no result in " + copy + "; its DOM: " + dom);
        }
        return m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u00a0")
                .replace("&amp;", "&");
    }
}
