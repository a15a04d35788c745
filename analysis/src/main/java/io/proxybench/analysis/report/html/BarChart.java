package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * Horizontal bars, each of one or more parts: stacked end to end (created and reused connections per configuration,
 * exits per subnet), or grouped, one under another, each from 0 (a run's p50, p90 and p99). Every bar's label is
 * written above it, so long configuration names need no margin. A part whose value is NaN has none: it draws
 * nothing, and a bar with no value at all shows {@code -} after its label.
 *
 * @param kind a CSS class naming what the chart shows
 * @param parts the legend: one name per part; each bar has one value per part
 * @param grouped whether the parts are drawn one under another rather than end to end
 */
public record BarChart(String kind, String title, String valueLabel, List<String> parts, List<Bar> bars,
        boolean grouped) {

    /** Height of one bar's label line, in SVG units. */
    private static final int LABEL = 16;
    /** Height of a stacked bar, and of a grouped bar's part with the gap under it. */
    private static final int BAR = 14;
    private static final int PART = 11;
    private static final int GAP = 4;

    public BarChart {
        parts = List.copyOf(parts);
        bars = List.copyOf(bars);
        for (Bar b : bars) {
            if (b.values().length != parts.size()) {
                throw new IllegalArgumentException("bar " + b.label() + " has " + b.values().length
                        + " values for " + parts.size() + " parts");
            }
            for (double v : b.values()) {
                if (!(v >= 0) && !Double.isNaN(v)) {
                    throw new IllegalArgumentException("bar " + b.label() + " has the value " + v
                            + "; parts must be 0 or more (NaN for none)");
                }
            }
        }
    }

    /** Stacked bars. */
    public BarChart(String kind, String title, String valueLabel, List<String> parts, List<Bar> bars) {
        this(kind, title, valueLabel, parts, bars, false);
    }

    public String svg() {
        double max = 0;
        for (Bar b : bars) {
            if (!Double.isNaN(length(b))) {
                max = Math.max(max, length(b));
            }
        }
        if (max == 0) {
            return Svg.empty(kind, title, "no data");
        }
        int row = LABEL + (grouped ? parts.size() * PART : BAR) + GAP;
        int height = Math.max(Svg.TOP + bars.size() * row + Svg.BOTTOM, Svg.TOP + 8 + parts.size() * 18);
        double[] ticks = Svg.ticks(0, max * 1.08); // room after the longest bar for its figure
        double end = ticks[ticks.length - 1];
        double bottom = Svg.TOP + bars.size() * row;
        StringBuilder s = Svg.open(kind, title, height);
        for (double t : ticks) {
            double x = Svg.LEFT + t / end * Svg.plotWidth();
            s.append("<line class=\"grid\" x1=\"").append(Svg.num(x)).append("\" x2=\"").append(Svg.num(x))
                    .append("\" y1=\"").append(Svg.TOP).append("\" y2=\"").append(Svg.num(bottom)).append("\"/>\n");
            Svg.text(s, x, bottom + 16, Svg.label(t), "tick", "middle");
        }
        Svg.text(s, Svg.LEFT + Svg.plotWidth() / 2.0, bottom + 36, Svg.escape(valueLabel), "label", "middle");
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double top = Svg.TOP + i * row;
            Svg.text(s, Svg.LEFT, top + 12, Svg.escape(b.label()), "barlabel", "start");
            if (Double.isNaN(length(b))) {
                Svg.text(s, Svg.LEFT, top + LABEL + 10, "-", "tick", "start");
            } else if (grouped) {
                for (int p = 0; p < parts.size(); p++) {
                    double v = b.values()[p];
                    double y = top + LABEL + p * PART;
                    if (!Double.isNaN(v)) {
                        double w = v / end * Svg.plotWidth();
                        rect(s, b, p, Svg.LEFT, y, w, PART - 2);
                        Svg.text(s, Svg.LEFT + w + 4, y + PART - 3, Svg.label(v), "tick", "start");
                    }
                }
            } else {
                double x = Svg.LEFT;
                for (int p = 0; p < parts.size(); p++) {
                    double v = b.values()[p];
                    double w = Double.isNaN(v) ? 0 : v / end * Svg.plotWidth();
                    rect(s, b, p, x, top + LABEL, w, BAR);
                    x += w;
                }
                Svg.text(s, x + 4, top + LABEL + 11, Svg.label(length(b)), "tick", "start");
            }
        }
        for (int p = 0; p < parts.size(); p++) {
            Svg.legend(s, p, parts.get(p));
        }
        return s.append("</svg>\n").toString();
    }

    /** Part {@code p} of bar {@code b}, unless it has no width. */
    private void rect(StringBuilder s, Bar b, int p, double x, double y, double w, double h) {
        if (w > 0) {
            s.append("<rect class=\"data\" x=\"").append(Svg.num(x)).append("\" y=\"").append(Svg.num(y))
                    .append("\" width=\"").append(Svg.num(w)).append("\" height=\"").append(Svg.num(h))
                    .append("\" fill=\"").append(Svg.colour(p)).append("\"><title>")
                    .append(Svg.escape(b.label() + ": " + parts.get(p) + " " + Svg.label(b.values()[p])))
                    .append("</title></rect>\n");
        }
    }

    /**
     * How far the bar reaches: its parts' sum when stacked, its largest part when grouped; NaN when no part has a
     * value.
     */
    private double length(Bar b) {
        double length = Double.NaN;
        for (double v : b.values()) {
            if (!Double.isNaN(v)) {
                length = Double.isNaN(length) ? v : grouped ? Math.max(length, v) : length + v;
            }
        }
        return length;
    }
}
