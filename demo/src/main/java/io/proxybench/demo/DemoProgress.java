package io.proxybench.demo;

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
}
