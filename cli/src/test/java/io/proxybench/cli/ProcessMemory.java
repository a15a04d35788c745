package io.proxybench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's memory at one moment, read from outside: its live heap after a full GC, then its direct memory and its
 * resident set.
 *
 * @param heapLiveBytes bytes of reachable objects, from {@code jcmd PID GC.class_histogram} (which runs a full GC
 *     first); off-heap memory, e.g. Netty's direct buffers and OpenSSL's, is not in it
 * @param directBytes native memory the JVM gave out for direct buffers and other {@code Unsafe} allocations (Netty's
 *     direct buffers, pooled or not): native memory tracking's "Other", committed, from {@code jcmd PID
 *     VM.native_memory summary}; {@link #UNKNOWN} when the JVM runs without {@code -XX:NativeMemoryTracking=summary}
 * @param rssBytes {@code VmRSS} from {@code /proc/PID/status}, read right after that GC: heap committed, native
 *     memory, thread stacks, code
 */
record ProcessMemory(long heapLiveBytes, long directBytes, long rssBytes) {

    static final long UNKNOWN = -1;
    private static final Pattern OTHER = Pattern.compile("-\\s+Other \\(reserved=\\d+KB, committed=(\\d+)KB\\)");

    static ProcessMemory of(long pid) throws IOException, InterruptedException {
        long heap = heapLive(pid);
        return new ProcessMemory(heap, direct(pid), rss(pid));
    }

    /** This memory less {@code before}'s, per {@code units}, in bytes; direct is NaN when either side lacks it. */
    Per per(ProcessMemory before, int units) {
        double direct = directBytes == UNKNOWN || before.directBytes == UNKNOWN ? Double.NaN
                : (double) (directBytes - before.directBytes) / units;
        return new Per((double) (heapLiveBytes - before.heapLiveBytes) / units, direct,
                (double) (rssBytes - before.rssBytes) / units);
    }

    /** A share of memory, in bytes; {@code directBytes} is NaN when unknown. */
    record Per(double heapLiveBytes, double directBytes, double rssBytes) {}

    private static long rss(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("VmRSS:"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
                .findFirst().orElseThrow(() -> new IllegalStateException("no VmRSS in /proc/" + pid + "/status"));
    }

    /** The histogram's last line: {@code Total <instances> <bytes>}. */
    private static long heapLive(long pid) throws IOException, InterruptedException {
        String out = jcmd(pid, "GC.class_histogram");
        return out.lines().filter(l -> l.startsWith("Total")).map(l -> l.trim().split("\\s+"))
                .map(f -> Long.parseLong(f[2])).findFirst()
                .orElseThrow(() -> new IllegalStateException("no Total line from jcmd " + pid + ": " + out.strip()));
    }

    /** NMT's "Other" category, committed; {@link #UNKNOWN} when tracking is off in that JVM. */
    private static long direct(long pid) throws IOException, InterruptedException {
        String out = jcmd(pid, "VM.native_memory", "summary");
        if (out.contains("Native memory tracking is not enabled")) {
            return UNKNOWN;
        }
        Matcher other = OTHER.matcher(out);
        // A JVM that has made no such allocation yet has no "Other" line.
        return other.find() ? Long.parseLong(other.group(1)) * 1024 : 0;
    }

    private static String jcmd(long pid, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid));
        builder.command().addAll(List.of(command));
        Process jcmd = builder.redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!jcmd.waitFor(60, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
            jcmd.destroyForcibly();
            throw new IllegalStateException("jcmd " + pid + " " + String.join(" ", command) + " failed: " + out.strip());
        }
        return out;
    }
}
