package io.proxybench.analysis.report.html;

/** The mapping from data to drawing coordinates of a chart with numeric axes, x in [x0, x1] and y in [0, y1]. */
record Axes(double x0, double x1, double y1) {

    double x(double v) {
        return Svg.LEFT + (v - x0) / (x1 - x0) * Svg.plotWidth();
    }

    double y(double v) {
        return Svg.TOP + Svg.plotHeight() - v / y1 * Svg.plotHeight();
    }

    /** Grid lines, tick labels and axis titles. */
    void draw(StringBuilder s, double[] xTicks, double[] yTicks, String xLabel, String yLabel) {
        double bottom = Svg.TOP + Svg.plotHeight();
        for (double t : yTicks) {
            s.append("<line class=\"grid\" x1=\"").append(Svg.LEFT).append("\" x2=\"")
                    .append(Svg.LEFT + Svg.plotWidth()).append("\" y1=\"").append(Svg.num(y(t))).append("\" y2=\"")
                    .append(Svg.num(y(t))).append("\"/>\n");
            Svg.text(s, Svg.LEFT - 6, y(t) + 4, Svg.label(t), "tick", "end");
        }
        for (double t : xTicks) {
            Svg.text(s, x(t), bottom + 16, Svg.label(t), "tick", "middle");
        }
        s.append("<line class=\"axis\" x1=\"").append(Svg.LEFT).append("\" x2=\"").append(Svg.LEFT + Svg.plotWidth())
                .append("\" y1=\"").append(Svg.num(bottom)).append("\" y2=\"").append(Svg.num(bottom)).append("\"/>\n");
        Svg.text(s, Svg.LEFT + Svg.plotWidth() / 2.0, bottom + 36, Svg.escape(xLabel), "label", "middle");
        s.append("<text class=\"label\" transform=\"translate(16 ").append(Svg.num(Svg.TOP + Svg.plotHeight() / 2.0))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(Svg.escape(yLabel)).append("</text>\n");
    }
}
