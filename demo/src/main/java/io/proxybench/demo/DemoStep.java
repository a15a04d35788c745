package io.proxybench.demo;

import java.nio.file.Files;

/**
 * One step of the demo: what runs, and what the progress line says of it.
 *
 * @param name the step's key in results.json and its report section's id, e.g. {@code reuse}
 * @param what what it does, in words, for the progress line
 * @param action runs it
 */
public record DemoStep(String name, String what, Action action) {

    /** How a step runs. */
    @FunctionalInterface
    public interface Action {

        /** Runs the step for {@code plan}: its labs started and stopped, its files written into the plan's folder. */
        StepResult run(DemoPlan plan) throws Exception;
    }

    /** Runs the step for {@code plan}, making the plan's folder first if it is missing. */
    public StepResult run(DemoPlan plan) throws Exception {
        Files.createDirectories(plan.out());
        return action.run(plan);
    }
}
