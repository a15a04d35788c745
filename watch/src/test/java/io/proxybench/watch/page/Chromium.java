package io.proxybench.watch.page;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium for the live page's test: a page's DOM, or a screenshot, once its scripts ran for a budget of
 * virtual time, offline (no QUIC, no background or component updates, a fresh profile each run). Virtual time stands
 * still while a request is open, so a page holding an event stream is dumped only after the server ends the stream.
 * Without Chromium a test skips with the install line, except under {@code CI=true}, which must run it. (cli's
 * tests have the same launcher for the HTML reports; it is package-private there.)
 *
 * @param profiles where each run's throwaway profile goes
 * @param artifacts where the DOMs, screenshots and browser logs go, each named as the caller says
 */
record Chromium(Path profiles, Path artifacts) {

    /** The narrowest window headless Chromium opens, in CSS pixels: a narrower page needs a frame that wide. */
    static final int MIN_WIDTH = 500;
    private static final int LIMIT_SECONDS = 90;

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
     * The DOM of {@code url} after {@code budgetMillis} of virtual time in a window {@code width} x {@code height}
     * CSS pixels. The DOM is kept as {@code name}.html in {@link #artifacts}, the browser's log as {@code name}.log.
     */
    String dom(String url, int budgetMillis, int width, int height, String name)
            throws IOException, InterruptedException {
        Path dom = artifacts.resolve(name + ".html");
        run(List.of("--virtual-time-budget=" + budgetMillis, "--window-size=" + width + "," + height, "--dump-dom",
                url), dom, name);
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    /**
     * The top-left {@code width} x {@code height} CSS pixels of {@code url} as {@link #dom} sees it, kept as
     * {@code name}.png in {@link #artifacts}. The window is at least {@link #MIN_WIDTH} wide: to see a page at a
     * narrower width, {@code url} must frame it at that width in its top-left corner.
     */
    Path screenshot(String url, int budgetMillis, int width, int height, String name)
            throws IOException, InterruptedException {
        Path png = artifacts.resolve(name + ".png").toAbsolutePath();
        Files.deleteIfExists(png);
        run(List.of("--virtual-time-budget=" + budgetMillis, "--window-size=" + Math.max(width, MIN_WIDTH) + ","
                + height, "--hide-scrollbars", "--screenshot=" + png, url), artifacts.resolve(name + ".out"), name);
        if (!Files.isRegularFile(png)) {
            throw new AssertionError("chromium wrote no screenshot " + png + "; log: "
                    + artifacts.resolve(name + ".log"));
        }
        BufferedImage shot = ImageIO.read(png.toFile());
        if (shot.getWidth() > width) {
            ImageIO.write(shot.getSubimage(0, 0, width, Math.min(height, shot.getHeight())), "png", png.toFile());
        }
        return png;
    }

    private void run(List<String> args, Path out, String name) throws IOException, InterruptedException {
        Path chromium = require();
        Path log = artifacts.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(profiles, "chromium-profile")));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
        try {
            if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("chromium still on " + args.get(args.size() - 1) + " after " + LIMIT_SECONDS
                        + " s; log: " + log);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
