package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * Horizontal bars, each split into stacked parts (created and reused connections per configuration, exits per
 * subnet). Every bar's label is written above it, so long configuration names need no margin.
 *
 * @param kind a CSS class naming what the chart shows
 * @param parts the legend: one name per stacked part; each bar has one value per part
 */
public record BarChart(String kind, String title, String valueLabel, List<String> parts, List<Bar> bars) {

    /** Height of one bar's row: its label line and the bar, in SVG units. */
    private static final int ROW = 34;
    private static final int BAR = 14;

    public BarChart {
        for (Bar b : bars) {
            if (b.values().length != parts.size()) {
                throw new IllegalArgumentException("bar " + b.label() + " has " + b.values().length
                        + " values for " + parts.size() + " parts");
            }
            for (double v : b.values()) {
                if (!(v >= 0)) {
                    throw new IllegalArgumentException("bar " + b.label() + " has the value " + v
                            + "; stacked parts must be 0 or more");
                }
            }
        }
    }

    public String svg() {
        double max = 0;
        for (Bar b : bars) {
            max = Math.max(max, sum(b));
        }
        if (bars.isEmpty() || max == 0) {
            return Svg.empty(kind, title, "no data");
        }
        int height = Svg.TOP + bars.size() * ROW + Svg.BOTTOM;
        double[] ticks = Svg.ticks(0, max * 1.08); // room after the longest bar for its total
        double end = ticks[ticks.length - 1];
        double bottom = Svg.TOP + bars.size() * ROW;
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
            double top = Svg.TOP + i * ROW;
            Svg.text(s, Svg.LEFT, top + 12, Svg.escape(b.label()), "barlabel", "start");
            double x = Svg.LEFT;
            for (int p = 0; p < parts.size(); p++) {
                double w = b.values()[p] / end * Svg.plotWidth();
                if (w > 0) {
                    s.append("<rect class=\"data\" x=\"").append(Svg.num(x)).append("\" y=\"")
                            .append(Svg.num(top + 16)).append("\" width=\"").append(Svg.num(w))
                            .append("\" height=\"").append(BAR).append("\" fill=\"").append(Svg.colour(p))
                            .append("\"><title>").append(Svg.escape(b.label() + ": " + parts.get(p) + " "
                                    + Svg.label(b.values()[p]))).append("</title></rect>\n");
                }
                x += w;
            }
            Svg.text(s, x + 4, top + 27, Svg.label(sum(b)), "tick", "start");
        }
        for (int p = 0; p < parts.size(); p++) {
            Svg.legend(s, p, parts.get(p));
        }
        return s.append("</svg>\n").toString();
    }

    private static double sum(Bar b) {
        double sum = 0;
        for (double v : b.values()) {
            sum += v;
        }
        return sum;
    }
}
