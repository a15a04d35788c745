package io.proxybench.analysis.report.html;

/**
 * One named line of a {@link LineChart}: points {@code (x[i], y[i])}, drawn in order. NaN in {@code y} leaves a
 * gap (an interval without a value, e.g. a second in which no request ran that phase).
 *
 * @param markers draw each point as a dot and no line between them (measurements next to a formula's curve)
 */
public record Series(String name, double[] x, double[] y, boolean markers) {

    /** A line through the points. */
    public Series(String name, double[] x, double[] y) {
        this(name, x, y, false);
    }

    /** Dots at the points, no line. */
    public static Series points(String name, double[] x, double[] y) {
        return new Series(name, x, y, true);
    }

    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series " + name + " has " + x.length + " x values and " + y.length
                    + " y values");
        }
    }

    /** True when no point has a value. */
    boolean blank() {
        for (double v : y) {
            if (!Double.isNaN(v)) {
                return false;
            }
        }
        return true;
    }
}
