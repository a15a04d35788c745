package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExitParserTest {

    private static Exit parse(String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return ExitParser.parse(bytes, bytes.length);
    }

    @Test
    void aTraceGivesItsIpAndLocLines() {
        String trace = "fl=proxybench-lab\nh=127.0.0.1:443\nip=127.9.8.7\nts=1.000\nuag=okhttp\nhttp=http/1.1\n"
                + "loc=JP\ntls=TLSv1.3\nconn=12\nreq=3\n";
        assertThat(parse(trace)).isEqualTo(new Exit("127.9.8.7", "JP"));
        assertThat(parse(trace.replace("\n", "\r\n"))).isEqualTo(new Exit("127.9.8.7", "JP"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"ip\":\"203.0.113.9\"}|203.0.113.9|",
        "{\"ip\":\"203.0.113.9\",\"city\":\"Berlin\",\"country\":\"DE\",\"loc\":\"52.5,13.4\"}|203.0.113.9|DE",
        "{\"status\":\"success\",\"country\":\"Germany\",\"countryCode\":\"DE\",\"query\":\"203.0.113.9\"}|203.0.113.9|DE",
        "{\"origin\": \"203.0.113.9, 198.51.100.1\"}|203.0.113.9|",
        "  {\"nested\":{\"ip\":\"10.0.0.1\"},\"ip\":\"203.0.113.9\",\"country_code\":\"FR\"}|203.0.113.9|FR",
    })
    void aJsonObjectGivesItsTopLevelAddressAndCountryCode(String body, String ip, String loc) {
        assertThat(parse(body)).isEqualTo(new Exit(ip, loc));
    }

    @Test
    void aJsonObjectCutByTheHeadLimitGivesWhatCameBeforeTheCut() {
        assertThat(parse("{\"ip\":\"203.0.113.9\",\"country_code\":\"F")).isEqualTo(new Exit("203.0.113.9", null));
    }

    @Test
    void otherBodiesNameNoExit() {
        assertThat(parse("<html><body>ip=no</body></html>")).isEqualTo(Exit.NONE);
        assertThat(parse("[\"ip\", \"1.2.3.4\"]")).isEqualTo(Exit.NONE);
        assertThat(parse("{not json")).isEqualTo(Exit.NONE);
        assertThat(parse("")).isEqualTo(Exit.NONE);
        byte[] binary = {(byte) 0xff, 0, (byte) 0xfe, '{', 1};
        assertThat(ExitParser.parse(binary, binary.length)).isEqualTo(Exit.NONE);
    }
}
