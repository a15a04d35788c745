package io.proxybench.harness.schedule;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/** One-sample Kolmogorov–Smirnov test against a continuous CDF, with the asymptotic critical value. */
final class KolmogorovSmirnov {

    /** c(α) for α = 0.01: reject when D > 1.63 / √n. */
    static final double C_ALPHA_001 = 1.63;

    private KolmogorovSmirnov() {
    }

    /** D = sup |F_n(x) − F(x)|, evaluated on both sides of each step of the empirical CDF. */
    static double statistic(double[] sample, DoubleUnaryOperator cdf) {
        double[] sorted = sample.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = cdf.applyAsDouble(sorted[i]);
            d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        return d;
    }

    static double criticalValue001(int n) {
        return C_ALPHA_001 / Math.sqrt(n);
    }

    /** The CDF of the exponential distribution with the given mean. */
    static DoubleUnaryOperator exponentialCdf(double mean) {
        return x -> x <= 0 ? 0 : 1 - Math.exp(-x / mean);
    }
}
