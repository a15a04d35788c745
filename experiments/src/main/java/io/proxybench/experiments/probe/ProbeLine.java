package io.proxybench.experiments.probe;

/**
 * One line of the report card: a property of the proxy, what was found, how it was measured and how sure that is.
 *
 * @param id a stable key for scripts, e.g. {@code rotation_tunnel}
 * @param property what is asked, e.g. {@code rotation per tunnel}
 * @param measured false when the probe could not tell; {@code value} then says why
 * @param value the finding in words, e.g. {@code 10 exits in 10 tunnels}
 * @param figure the finding as one number where it has one (exits, seconds, a concurrency), else null
 * @param how how it was measured, e.g. {@code 10 GETs, each through a new tunnel}
 * @param certainty how sure: {@code counted}, {@code bounded}, {@code estimated}...
 */
public record ProbeLine(String id, String property, boolean measured, String value, Double figure, String how,
        String certainty) {

    static ProbeLine measured(String id, String property, String value, Double figure, String how, String certainty) {
        return new ProbeLine(id, property, true, value, figure, how, certainty);
    }

    static ProbeLine notMeasured(String id, String property, String why) {
        return new ProbeLine(id, property, false, "not measured: " + why, null, "", "");
    }
}
