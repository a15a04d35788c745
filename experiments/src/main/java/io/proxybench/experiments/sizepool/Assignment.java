package io.proxybench.experiments.sizepool;

import java.util.Locale;
import java.util.SplittableRandom;

/** How a scraper hands its requests to the sessions of its pool (each session one exit IP). */
public enum Assignment {

    /**
     * Each request to a session drawn at random, as {@code random.choice(sessions)} does: every address gets the
     * same share on average, but in bunches, which is why a pool sized exactly at the limit still gets rejections.
     */
    RANDOM,
    /** Request {@code i} to session {@code i mod P}, as {@code itertools.cycle(sessions)} does: evenly spaced. */
    ROUND_ROBIN;

    /**
     * The session (0 to {@code poolSize - 1}) of each of {@code requests} requests, in request order. The same seed
     * gives the same draws.
     */
    public int[] sessions(int requests, int poolSize, long seed) {
        if (poolSize < 1) {
            throw new IllegalArgumentException("a pool needs at least 1 session, got " + poolSize);
        }
        int[] session = new int[requests];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < requests; i++) {
            session[i] = this == RANDOM ? random.nextInt(poolSize) : i % poolSize;
        }
        return session;
    }

    /** The option's spelling: {@code random}, {@code round-robin}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws IllegalArgumentException naming the accepted spellings */
    public static Assignment parse(String text) {
        for (Assignment a : values()) {
            if (a.label().equals(text)) {
                return a;
            }
        }
        throw new IllegalArgumentException("assignment '" + text + "' is not random or round-robin");
    }
}
