package io.proxybench.experiments.keepalive;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeepAliveTableTest {

    @Test
    void formulaAsAMatrixThenTheMeasuredRows() {
        String text = KeepAliveTable.text(new KeepAliveResult(List.of(
                new KeepAliveFormulaCell(5, 1, Math.exp(-5)), new KeepAliveFormulaCell(60, 1, Math.exp(-60)),
                new KeepAliveFormulaCell(5, 540, Math.exp(-5 / 540.0)),
                new KeepAliveFormulaCell(60, 540, Math.exp(-60 / 540.0))),
                3, 15, List.of(
                        new KeepAliveRow(50, 25, 600, 0, 80, 80 / 600.0, 0.13, Math.exp(-2), 0.014, 0.042, 0.003,
                                true, 0.5),
                        new KeepAliveRow(50, 150, 100, 2, 40, 0.40, 0.41, Math.exp(-1 / 3.0), 0.045, 0.135, 0.09,
                                false, 20.0))));

        List<String> lines = text.lines().toList();
        assertThat(lines.get(1)).matches("gap \\\\ T +5s +1m");
        assertThat(lines.get(2)).matches("1s +0\\.7% +0\\.0%");
        assertThat(lines.get(3)).matches("9m +99\\.1% +89\\.5%");
        assertThat(text).contains("the formula +-3 standard errors");
        assertThat(lines.stream().filter(l -> l.startsWith("50ms     25ms")).findFirst().orElseThrow())
                .contains("13.3%").contains("13.5%").contains(" 9.0-17.7%").endsWith("ok");
        assertThat(lines.stream().filter(l -> l.startsWith("50ms     150ms")).findFirst().orElseThrow())
                .contains("40.0%").contains("71.7%").contains(" 49.2-85.2%").endsWith("OUTSIDE");
        assertThat(text).contains("(2 of its requests failed)").contains("requests take over a tenth of the gap");
        assertThat(lines.get(7)).isEqualTo(
                "T        gap      requests  created    cold  formula      accepted  idle>=T  req_ms");
    }
}
