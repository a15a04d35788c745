package io.proxybench.experiments.sizepool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class BucketLimitTest {

    @ParameterizedTest
    @CsvSource({"4:2, 4, 2.0", " 2 : 1 , 2, 1.0", "1:0.5, 1, 0.5"})
    void parsesBurstAndRate(String text, int burst, double rate) {
        assertThat(BucketLimit.parse(text)).isEqualTo(new BucketLimit(burst, rate));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4", "4-2", "a:2", "4:2:1", "0:2", "4:0", "4:-1"})
    void refusesAnythingElseNamingTheForm(String text) {
        assertThatThrownBy(() -> BucketLimit.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @ParameterizedTest
    @CsvSource({"100, 2, 100", "100, 1, 200", "1307, 3, 872", "100, 0.3, 667"})
    void theRuleOfThumbIsTwiceTheRateOverTheLimitRoundedUp(double rate, double limit, int sessions) {
        assertThat(new BucketLimit(4, limit).ruleOfThumbSessions(rate)).isEqualTo(sessions);
    }

    @ParameterizedTest
    @CsvSource({"4, 2, 'burst 4, 2/s'", "2, 0.5, 'burst 2, 0.5/s'"})
    void labelsAsTheTableDoes(int burst, double rate, String label) {
        assertThat(new BucketLimit(burst, rate).label()).isEqualTo(label);
    }
}
