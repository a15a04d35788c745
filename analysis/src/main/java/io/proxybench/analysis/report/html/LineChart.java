package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * Lines over a shared x axis, y from 0: throughput per second, a phase's percentiles per second, a measured curve
 * next to a formula's. The y axis always starts at 0 so that heights compare honestly.
 *
 * @param kind a CSS class naming what the chart shows (the page's checks find charts by it)
 */
public record LineChart(String kind, String title, String xLabel, String yLabel, List<Series> series) {

    public String svg() {
        List<Series> drawn = series.stream().filter(s -> !s.blank()).toList();
        if (drawn.isEmpty()) {
            return Svg.empty(kind, title, "no data");
        }
        double minX = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = 0;
        for (Series s : drawn) {
            for (int i = 0; i < s.x().length; i++) {
                if (!Double.isNaN(s.y()[i])) {
                    minX = Math.min(minX, s.x()[i]);
                    maxX = Math.max(maxX, s.x()[i]);
                    maxY = Math.max(maxY, s.y()[i]);
                }
            }
        }
        double[] xTicks = Svg.ticks(minX, maxX == minX ? minX + 1 : maxX);
        double[] yTicks = Svg.ticks(0, maxY > 0 ? maxY : 1);
        Axes axes = new Axes(xTicks[0], xTicks[xTicks.length - 1], yTicks[yTicks.length - 1]);
        StringBuilder s = Svg.open(kind, title);
        axes.draw(s, xTicks, yTicks, xLabel, yLabel);
        for (int k = 0; k < drawn.size(); k++) {
            Series line = drawn.get(k);
            StringBuilder points = new StringBuilder();
            int inRun = 0;
            for (int i = 0; i <= line.x().length; i++) {
                boolean value = i < line.x().length && !Double.isNaN(line.y()[i]);
                if (value && line.markers()) {
                    dot(s, axes.x(line.x()[i]), axes.y(line.y()[i]), 4, k);
                } else if (value) {
                    points.append(Svg.num(axes.x(line.x()[i]))).append(',').append(Svg.num(axes.y(line.y()[i])))
                            .append(' ');
                    inRun++;
                } else if (inRun > 0) {
                    polyline(s, points.toString().trim(), inRun, k);
                    points.setLength(0);
                    inRun = 0;
                }
            }
            Svg.legend(s, k, line.name());
        }
        return s.append("</svg>\n").toString();
    }

    private static void dot(StringBuilder s, double x, double y, double radius, int colour) {
        s.append("<circle class=\"data\" cx=\"").append(Svg.num(x)).append("\" cy=\"").append(Svg.num(y))
                .append("\" r=\"").append(Svg.num(radius)).append("\" fill=\"").append(Svg.colour(colour))
                .append("\"/>\n");
    }

    /** One unbroken run of points; a single point is drawn as a dot so that it stays visible. */
    private static void polyline(StringBuilder s, String points, int count, int colour) {
        if (count == 1) {
            String[] xy = points.split(",");
            dot(s, Double.parseDouble(xy[0]), Double.parseDouble(xy[1]), 2.5, colour);
        } else {
            s.append("<polyline class=\"data\" fill=\"none\" stroke-width=\"1.8\" stroke=\"")
                    .append(Svg.colour(colour)).append("\" points=\"").append(points).append("\"/>\n");
        }
    }
}
