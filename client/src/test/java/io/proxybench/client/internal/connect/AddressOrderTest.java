package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 8305 section 4's order: the families interleaved, the resolver's first family first, duplicates once. */
class AddressOrderTest {

    private static List<InetAddress> addresses(String... literals) throws UnknownHostException {
        InetAddress[] found = new InetAddress[literals.length];
        for (int i = 0; i < literals.length; i++) {
            found[i] = InetAddress.getByName(literals[i]);
        }
        return Arrays.asList(found);
    }

    @Test
    void theFamiliesAlternateFromTheFirstAddresssFamily() throws UnknownHostException {
        assertThat(AddressOrder.interleave(addresses("10.0.0.1", "10.0.0.2", "10.0.0.3", "2001:db8::1", "2001:db8::2")))
                .isEqualTo(addresses("10.0.0.1", "2001:db8::1", "10.0.0.2", "2001:db8::2", "10.0.0.3"));
        assertThat(AddressOrder.interleave(addresses("2001:db8::1", "2001:db8::2", "10.0.0.1")))
                .isEqualTo(addresses("2001:db8::1", "10.0.0.1", "2001:db8::2"));
    }

    @Test
    void eachFamilyKeepsTheResolversOrder() throws UnknownHostException {
        assertThat(AddressOrder.interleave(addresses("2001:db8::9", "10.0.0.9", "2001:db8::1", "10.0.0.1")))
                .isEqualTo(addresses("2001:db8::9", "10.0.0.9", "2001:db8::1", "10.0.0.1"));
    }

    @Test
    void oneFamilyStaysAsItIsAndADuplicateIsDialledOnce() throws UnknownHostException {
        assertThat(AddressOrder.interleave(addresses("10.0.0.2", "10.0.0.1", "10.0.0.2")))
                .isEqualTo(addresses("10.0.0.2", "10.0.0.1"));
        assertThat(AddressOrder.interleave(addresses("::1"))).isEqualTo(addresses("::1"));
    }
}
