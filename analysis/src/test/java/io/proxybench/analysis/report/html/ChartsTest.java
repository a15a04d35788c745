package io.proxybench.analysis.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The charts draw what they are given, where the axes say, and nothing when there is nothing. */
class ChartsTest {

    @Test
    void ticksAreRoundStepsThatCoverTheRange() {
        assertThat(Svg.ticks(0, 93)).containsExactly(0, 20, 40, 60, 80, 100);
        assertThat(Svg.ticks(0, 1)).containsExactly(0, 0.2, 0.4, 0.6000000000000001, 0.8, 1);
        assertThat(Svg.ticks(0, 0)).hasSizeGreaterThanOrEqualTo(2);
        double[] wide = Svg.ticks(3, 1017);
        assertThat(wide[0]).isLessThanOrEqualTo(3);
        assertThat(wide[wide.length - 1]).isGreaterThanOrEqualTo(1017);
    }

    @Test
    void labelsAreGroupedWholeNumbersOrThreeDigitsNeverExponents() {
        assertThat(Svg.label(2596.4)).isEqualTo("2,596");
        assertThat(Svg.label(200)).isEqualTo("200");
        assertThat(Svg.label(62.14)).isEqualTo("62.1");
        assertThat(Svg.label(0.5)).isEqualTo("0.5");
        assertThat(Svg.label(0.000123456)).isEqualTo("0.000123");
    }

    @Test
    void aLineMapsItsPointsOntoThePlotArea() {
        String svg = new LineChart("k", "t", "x", "y", List.of(new Series("s", new double[] {0, 10},
                new double[] {0, 100}))).svg();
        Matcher m = Pattern.compile("<polyline class=\"data\"[^>]*points=\"([^\"]+)\"").matcher(svg);
        assertThat(m.find()).as(svg).isTrue();
        // x 0..10 fills the plot's width; y 0 sits on the bottom edge and 100 on the top one.
        double bottom = Svg.TOP + Svg.plotHeight();
        assertThat(m.group(1)).isEqualTo(Svg.num(Svg.LEFT) + "," + Svg.num(bottom) + " "
                + Svg.num(Svg.LEFT + Svg.plotWidth()) + "," + Svg.num(Svg.TOP));
        assertThat(svg).startsWith("<svg class=\"plot k\"").contains(">s</text>");
    }

    @Test
    void aGapInASeriesSplitsTheLineAndALonePointIsADot() {
        double nan = Double.NaN;
        String svg = new LineChart("k", "t", "x", "y", List.of(new Series("s", new double[] {0, 1, 2, 3, 4},
                new double[] {1, 2, nan, 3, nan}))).svg();
        assertThat(count(svg, "<polyline class=\"data\"")).isEqualTo(1);
        assertThat(count(svg, "<circle class=\"data\"")).isEqualTo(1);
    }

    @Test
    void pointsAreDotsWithoutALine() {
        String svg = new LineChart("k", "t", "x", "y", List.of(Series.points("s", new double[] {0, 1, 2},
                new double[] {1, 2, 3}))).svg();
        assertThat(count(svg, "<circle class=\"data\"")).isEqualTo(3);
        assertThat(svg).doesNotContain("<polyline");
    }

    @Test
    void nothingToPlotSaysSoAndDrawsNoData() {
        String svg = new LineChart("k", "t", "x", "y", List.of(new Series("s", new double[] {0},
                new double[] {Double.NaN}))).svg();
        assertThat(svg).contains("no data").doesNotContain("class=\"data\"");
        assertThat(new BarChart("b", "t", "v", List.of("a"), List.of()).svg()).contains("no data");
    }

    @Test
    void stackedBarsAreAsWideAsTheirShareOfTheAxis() {
        String svg = new BarChart("b", "t", "requests", List.of("new", "reused"),
                List.of(new Bar("one", 50, 150), new Bar("two", 200, 0))).svg();
        Matcher widths = Pattern.compile("<rect class=\"data\"[^>]*width=\"([0-9.]+)\"").matcher(svg);
        double unit = Svg.plotWidth() / 250.0; // axis 0..250: 200, and room for the longest bar's total
        assertThat(widths.find()).isTrue();
        assertThat(Double.parseDouble(widths.group(1))).isCloseTo(50 * unit, org.assertj.core.data.Offset.offset(0.1));
        assertThat(widths.find()).isTrue();
        assertThat(Double.parseDouble(widths.group(1))).isCloseTo(150 * unit, org.assertj.core.data.Offset.offset(0.1));
        assertThat(widths.find()).isTrue();
        assertThat(Double.parseDouble(widths.group(1))).isCloseTo(200 * unit, org.assertj.core.data.Offset.offset(0.1));
        assertThat(widths.find()).as("a zero part draws nothing").isFalse();
    }

    @Test
    void groupedBarsEachStartAtZeroAndABarWithoutValuesShowsADash() {
        BarChart chart = new BarChart("g", "t", "ms", List.of("p50", "p99"),
                List.of(new Bar("one", 50, 200), new Bar("two", Double.NaN, Double.NaN), new Bar("three", 10,
                        Double.NaN)), true);
        String svg = chart.svg();
        Matcher rects = Pattern.compile("<rect class=\"data\" x=\"([0-9.]+)\"[^>]*width=\"([0-9.]+)\"").matcher(svg);
        double unit = Svg.plotWidth() / 250.0; // axis 0..250: 200, and room for the longest bar's figure
        double[] widths = {50 * unit, 200 * unit, 10 * unit};
        for (double width : widths) {
            assertThat(rects.find()).as(svg).isTrue();
            assertThat(Double.parseDouble(rects.group(1))).isEqualTo(Svg.LEFT);
            assertThat(Double.parseDouble(rects.group(2))).isCloseTo(width, org.assertj.core.data.Offset.offset(0.1));
        }
        assertThat(rects.find()).as("a part without a value draws nothing").isFalse();
        assertThat(svg).contains(">two</text>\n<text class=\"tick\" x=\"" + Svg.num(Svg.LEFT));
        assertThat(new BarChart("g", "t", "ms", List.of("p50"), List.of(new Bar("none", Double.NaN)), true).svg())
                .contains("no data");
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        assertThatThrownBy(() -> new Series("s", new double[] {1}, new double[] {}))
                .hasMessageContaining("1 x values and 0 y values");
        assertThatThrownBy(() -> new BarChart("b", "t", "v", List.of("a"), List.of(new Bar("x", 1, 2))))
                .hasMessageContaining("2 values for 1 parts");
        assertThatThrownBy(() -> new BarChart("b", "t", "v", List.of("a"), List.of(new Bar("x", -1))))
                .hasMessageContaining("must be 0 or more");
        assertThatThrownBy(() -> new Section("Bad Id", "h", List.of(), "", List.of())).hasMessageContaining("Bad Id");
    }

    @Test
    void textIsEscapedEverywhere() {
        String html = new HtmlReport("a<b", List.of("x & y"), List.of(new Section("s", "<h>", List.of("\"q\""),
                "<table>", List.of()))).html();
        assertThat(html).contains("a&lt;b", "x &amp; y", "&lt;h&gt;", "&quot;q&quot;", "<pre>&lt;table&gt;</pre>")
                .doesNotContain("<table>");
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
