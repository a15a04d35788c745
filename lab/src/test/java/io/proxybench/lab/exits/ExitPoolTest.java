package io.proxybench.lab.exits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ExitPoolTest {

    @Test
    void sameSizeAndSeedGiveTheSamePool() {
        assertThat(ExitPool.generate(500, 42).all()).isEqualTo(ExitPool.generate(500, 42).all());
        assertThat(ExitPool.generate(500, 42).all()).isNotEqualTo(ExitPool.generate(500, 43).all());
    }

    @Test
    void exitsAreLoopbackSpreadOverSubnetsAsnsAndCountries() {
        ExitPool pool = ExitPool.generate(4096, 1);
        List<Exit> all = pool.all();
        assertThat(all).hasSize(4096);
        assertThat(all).allSatisfy(e -> {
            assertThat(e.address().isLoopbackAddress()).isTrue();
            assertThat(e.ip()).doesNotStartWith("127.0.0.");
        });
        assertThat(all.stream().map(Exit::address).distinct()).hasSize(4096);
        Set<String> subnets = all.stream().map(e -> e.ip().substring(0, e.ip().lastIndexOf('.')))
                .collect(Collectors.toSet());
        assertThat(subnets).hasSize(4096 / ExitPool.PER_SUBNET);
        Map<Integer, Long> perAsn = all.stream().collect(Collectors.groupingBy(Exit::asn, Collectors.counting()));
        assertThat(perAsn.size()).isGreaterThan(20);
        long largest = perAsn.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(largest).isBetween(4096L / 20, 4096L / 4);
        assertThat(pool.countries()).contains("US").hasSizeGreaterThan(5);
        // Each ASN sits in one country.
        assertThat(all.stream().collect(Collectors.groupingBy(Exit::asn,
                Collectors.mapping(Exit::country, Collectors.toSet()))).values()).allSatisfy(c -> assertThat(c).hasSize(1));
    }

    @Test
    void rotationGivesDistinctExitsUntilThePoolWraps() {
        ExitPool pool = ExitPool.generate(64, 3);
        Set<Exit> seen = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            assertThat(seen.add(pool.next(null))).isTrue();
        }
        assertThat(seen.contains(pool.next(null))).isTrue();
    }

    @Test
    void rotationHonoursCountryAndSkipsOfflineExits() {
        ExitPool pool = ExitPool.generate(1024, 5);
        String country = pool.countries().get(0);
        for (int i = 0; i < 50; i++) {
            assertThat(pool.next(country).country()).isEqualTo(country);
        }
        List<Exit> inCountry = pool.all().stream().filter(e -> e.country().equals(country)).toList();
        inCountry.subList(1, inCountry.size()).forEach(e -> pool.setOnline(e, false));
        for (int i = 0; i < 5; i++) {
            assertThat(pool.next(country)).isEqualTo(inCountry.get(0));
        }
        pool.setOnline(inCountry.get(0), false);
        assertThatThrownBy(() -> pool.next(country)).isInstanceOf(NoExitException.class)
                .hasMessageContaining("every exit in " + country + " is offline");
    }

    @Test
    void unknownCountryNamesTheCountriesThereAre() {
        ExitPool pool = ExitPool.generate(256, 1);
        assertThatThrownBy(() -> pool.next("ZZ")).isInstanceOf(NoExitException.class)
                .hasMessageContaining("no exit in country ZZ").hasMessageContaining(pool.countries().get(0));
    }

    @Test
    void locateKnowsExitsOnly() throws Exception {
        ExitPool pool = ExitPool.generate(32, 1);
        Exit e = pool.all().get(7);
        assertThat(pool.locate(e.address())).isEqualTo(e.country());
        assertThat(pool.locate(java.net.InetAddress.getByName("127.0.0.1"))).isEqualTo("XX");
        assertThat(pool.at(e.address())).contains(e);
    }

    @Test
    void sizeOutOfRangeIsRejected() {
        assertThatThrownBy(() -> ExitPool.generate(0, 1)).hasMessageContaining("out of range");
    }

    @Test
    void ip2asnTableHasOneLinePerSubnetInTheGivenLayout() throws Exception {
        ExitPool pool = ExitPool.generate(40, 9);
        StringWriter out = new StringWriter();
        Ip2AsnTable.write(pool, out);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(3);
        Map<String, Exit> byIp = pool.all().stream().collect(Collectors.toMap(Exit::ip, Function.identity()));
        for (String line : lines) {
            String[] f = line.split("\t");
            assertThat(f).hasSize(5);
            assertThat(f[0]).endsWith(".0");
            assertThat(f[1]).endsWith(".255");
            Exit first = byIp.get(f[0].substring(0, f[0].length() - 1) + "1");
            assertThat(Integer.parseInt(f[2])).isEqualTo(first.asn());
            assertThat(f[3]).isEqualTo(first.country());
            assertThat(f[4]).isEqualTo(first.asName());
        }
    }
}
