package io.proxybench.demo;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished demo.
 *
 * @param steps every step's result, in the order they ran
 * @param report the HTML report's index.html
 * @param seconds how long the demo took, its report written, seconds
 */
public record DemoResult(List<StepResult> steps, Path report, double seconds) {

    public DemoResult {
        steps = List.copyOf(steps);
    }

    /** What results.json holds: each step's result under its name, in order. */
    public Map<String, Object> results() {
        return results(steps);
    }

    /** Each of {@code steps}' results under its name, in order. */
    static Map<String, Object> results(List<StepResult> steps) {
        Map<String, Object> results = new LinkedHashMap<>();
        steps.forEach(s -> results.put(s.name(), s.json()));
        return results;
    }
}
