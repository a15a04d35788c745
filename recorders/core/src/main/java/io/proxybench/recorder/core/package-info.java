/**
 * What every recorder shares: a {@link io.proxybench.recorder.core.Recorder} owns the JSONL file and the clock, each
 * call a client makes is an {@link io.proxybench.recorder.core.Observation} filled by that client's hooks, and
 * once the call is over, the observation becomes the {@link io.proxybench.records.RequestRecord}
 * that {@code proxybench run} writes. What a client does not let its recorder see stays absent, never zero.
 */
package io.proxybench.recorder.core;
