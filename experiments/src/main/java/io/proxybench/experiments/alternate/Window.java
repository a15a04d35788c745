package io.proxybench.experiments.alternate;

import java.nio.file.Path;

/**
 * One of {@code alternate}'s windows: a provider's turn in a round.
 *
 * @param slot the window's place on the grid, from 0: it is due {@code slot} × (window + gap) after the first
 * @param round the round, from 1
 * @param label the label of the provider whose turn it is
 */
public record Window(int slot, int round, String label) {

    /**
     * The records file's path under the output folder, with {@code /} between its parts:
     * {@code LABEL/window-NN.jsonl}, NN the round in at least two digits, more when {@code rounds} needs them.
     */
    public String file(int rounds) {
        int digits = Math.max(2, String.valueOf(rounds).length());
        return label + "/window-" + String.format("%0" + digits + "d", round) + ".jsonl";
    }

    /** {@link #file} under {@code dir}. */
    Path path(Path dir, int rounds) {
        return dir.resolve(file(rounds));
    }
}
