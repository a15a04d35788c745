package io.proxybench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A JVM's memory at one moment, read from outside: its live heap after a full GC, and then its resident set.
 *
 * @param heapLiveBytes bytes of reachable objects, from {@code jcmd PID GC.class_histogram} (which runs a full GC
 *     first); off-heap memory, e.g. Netty's direct buffers and OpenSSL's, is not in it
 * @param rssBytes {@code VmRSS} from {@code /proc/PID/status}, read right after that GC: heap committed, native
 *     memory, thread stacks, code
 */
record ProcessMemory(long heapLiveBytes, long rssBytes) {

    static ProcessMemory of(long pid) throws IOException, InterruptedException {
        long heap = heapLive(pid);
        return new ProcessMemory(heap, rss(pid));
    }

    /** This memory less {@code before}'s, per {@code units}, in bytes. */
    Per per(ProcessMemory before, int units) {
        return new Per((double) (heapLiveBytes - before.heapLiveBytes) / units,
                (double) (rssBytes - before.rssBytes) / units);
    }

    /** A share of memory, in bytes. */
    record Per(double heapLiveBytes, double rssBytes) {}

    private static long rss(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("VmRSS:"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
                .findFirst().orElseThrow(() -> new IllegalStateException("no VmRSS in /proc/" + pid + "/status"));
    }

    /** The histogram's last line: {@code Total <instances> <bytes>}. */
    private static long heapLive(long pid) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), "GC.class_histogram").redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!jcmd.waitFor(60, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
            jcmd.destroyForcibly();
            throw new IllegalStateException("jcmd " + pid + " GC.class_histogram failed: " + out.strip());
        }
        return out.lines().filter(l -> l.startsWith("Total")).map(l -> l.trim().split("\\s+"))
                .map(f -> Long.parseLong(f[2])).findFirst()
                .orElseThrow(() -> new IllegalStateException("no Total line from jcmd " + pid + ": " + out.strip()));
    }
}
