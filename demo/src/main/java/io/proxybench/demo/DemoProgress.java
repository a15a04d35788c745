package io.proxybench.demo;

import java.io.PrintWriter;

/** Where a demo says how far it has come. Lines may come from another thread than the demo's. */
@FunctionalInterface
public interface DemoProgress {

    /**
     * A line of progress, without a line end: a step starting ({@code [2/13   9s] reuse: ...}), or a step still
     * running, every 10 s.
     */
    void line(String text);

    /** A step that has finished, in the order the steps run. Nothing by default. */
    default void finished(StepResult step) {}

    /**
     * Progress printed as a command shows it: each line on {@code lines}, each finished step's table on
     * {@code tables} as it completes (none when null), each flushed at once.
     */
    static DemoProgress printing(PrintWriter lines, PrintWriter tables) {
        return new DemoProgress() {
            @Override
            public void line(String text) {
                lines.println(text);
                lines.flush();
            }

            @Override
            public void finished(StepResult step) {
                if (tables != null) {
                    tables.print(step.text());
                    tables.flush();
                }
            }
        };
    }
}
