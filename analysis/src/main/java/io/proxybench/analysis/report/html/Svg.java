package io.proxybench.analysis.report.html;

import java.util.Locale;

/** What every chart shares: the plot's geometry, the palette, axis ticks and text escaping. */
final class Svg {

    /** The whole drawing, in SVG user units (pixels at 100% zoom). */
    static final int WIDTH = 720;
    static final int HEIGHT = 300;
    /** The plot area inside the drawing: room for the title above, tick labels left and below, legend right. */
    static final int LEFT = 64;
    static final int TOP = 34;
    static final int RIGHT = 190;
    static final int BOTTOM = 46;

    /** Colour-blind-safe (Okabe–Ito), in the order series are drawn. */
    private static final String[] PALETTE = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
        "#F0E442", "#000000"};

    private Svg() {}

    static String colour(int index) {
        return PALETTE[index % PALETTE.length];
    }

    static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    /** The opening tag and title of a chart; {@code kind} names the chart for the page's checks. */
    static StringBuilder open(String kind, String title) {
        return open(kind, title, HEIGHT);
    }

    /** The same, {@code height} units tall. */
    static StringBuilder open(String kind, String title, int height) {
        StringBuilder s = new StringBuilder();
        s.append("<svg class=\"plot ").append(kind).append("\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
                .append(WIDTH).append(' ').append(height).append("\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" role=\"img\" aria-label=\"").append(escape(title)).append("\">\n");
        s.append("<title>").append(escape(title)).append("</title>\n");
        text(s, LEFT, 20, escape(title), "title", "start");
        return s;
    }

    /** The drawing for a chart with nothing to plot: a message where the plot would be, and no data elements. */
    static String empty(String kind, String title, String why) {
        StringBuilder s = open(kind, title);
        text(s, LEFT + plotWidth() / 2.0, TOP + plotHeight() / 2.0, escape(why), "note", "middle");
        return s.append("</svg>\n").toString();
    }

    static void text(StringBuilder s, double x, double y, String escaped, String cssClass, String anchor) {
        s.append("<text class=\"").append(cssClass).append("\" x=\"").append(num(x)).append("\" y=\"")
                .append(num(y)).append("\" text-anchor=\"").append(anchor).append("\">").append(escaped)
                .append("</text>\n");
    }

    /** A legend entry at row {@code row} right of the plot. */
    static void legend(StringBuilder s, int row, String name) {
        double x = LEFT + plotWidth() + 14;
        double y = TOP + 8 + row * 18;
        s.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y - 8)).append("\" width=\"12\"")
                .append(" height=\"10\" fill=\"").append(colour(row)).append("\"/>\n");
        text(s, x + 18, y + 1, escape(name), "legend", "start");
    }

    /**
     * Tick values for an axis from 0 (or {@code min}) to at least {@code max}: 1, 2 or 5 times a power of ten
     * apart, about five of them. The last tick is the axis' end, at or above {@code max}.
     */
    static double[] ticks(double min, double max) {
        double span = max - min;
        if (!(span > 0)) {
            span = Math.abs(max) > 0 ? Math.abs(max) : 1;
        }
        double raw = span / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw <= magnitude ? magnitude : raw <= 2 * magnitude ? 2 * magnitude
                : raw <= 5 * magnitude ? 5 * magnitude : 10 * magnitude;
        double first = Math.floor(min / step) * step;
        int count = (int) Math.ceil((max - first) / step - 1e-9) + 1;
        count = Math.max(count, 2);
        double[] ticks = new double[count];
        for (int i = 0; i < count; i++) {
            ticks[i] = first + i * step;
        }
        return ticks;
    }

    /** A label: whole numbers from 100 up (grouped), else up to three significant digits, never an exponent. */
    static String label(double v) {
        if ((v == Math.rint(v) || Math.abs(v) >= 100) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", Math.round(v));
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** A coordinate with one decimal: enough for a pixel, short in the file. */
    static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '&' -> s.append("&amp;");
                case '"' -> s.append("&quot;");
                default -> s.append(c);
            }
        }
        return s.toString();
    }
}
