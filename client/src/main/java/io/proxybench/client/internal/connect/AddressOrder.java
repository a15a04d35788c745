package io.proxybench.client.internal.connect;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The order in which a name's addresses are dialled, as RFC 8305 section 4 sorts them: the families interleaved,
 * starting with the family of the resolver's first address (its preference), each family in the resolver's order.
 * So {@code [v4a, v4b, v6a, v6b]} is dialled {@code v4a, v6a, v4b, v6b}: a family that does not work costs one
 * stagger, not all its addresses'.
 */
final class AddressOrder {

    private AddressOrder() {}

    /**
     * @param addresses as the resolver gave them, not empty
     * @return the same addresses, each once, in dialling order
     */
    static List<InetAddress> interleave(List<InetAddress> addresses) {
        List<InetAddress> distinct = List.copyOf(new LinkedHashSet<>(addresses));
        boolean firstIs6 = distinct.get(0) instanceof Inet6Address;
        List<InetAddress> preferred = new ArrayList<>();
        List<InetAddress> other = new ArrayList<>();
        for (InetAddress a : distinct) {
            (a instanceof Inet6Address == firstIs6 ? preferred : other).add(a);
        }
        List<InetAddress> ordered = new ArrayList<>(distinct.size());
        for (int i = 0; i < Math.max(preferred.size(), other.size()); i++) {
            if (i < preferred.size()) {
                ordered.add(preferred.get(i));
            }
            if (i < other.size()) {
                ordered.add(other.get(i));
            }
        }
        return ordered;
    }
}
