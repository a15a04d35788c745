package io.proxybench.analysis.report.html;

/** One bar of a {@link BarChart}: its label and one value per stacked part, in the chart's part order. */
public record Bar(String label, double... values) {}
