package io.proxybench.lab.exits;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lab's exits: {@code size} loopback addresses, {@link #PER_SUBNET} to a /24 ({@code 127.A.B.1..16}, never in
 * 127.0.0.0/24), with each /24 belonging to one of {@link #ASNS} ASNs of skewed sizes (the largest holds roughly a
 * tenth of the exits) and each ASN to one country. The same size and seed give the same pool.
 *
 * <p>Rotation walks a seeded shuffle of the pool (per country when one is asked for), so consecutive rotating
 * tunnels get distinct exits until the pool is used up. Exits can be taken offline to play churn.
 */
public final class ExitPool {

    public static final int PER_SUBNET = 16;
    /** The largest pool: 16 exits in each of 254 x 16 /24 subnets. */
    public static final int MAX_SIZE = 254 * 16 * PER_SUBNET;
    static final int ASNS = 48;
    static final int FIRST_ASN = 64512;
    private static final String[] COUNTRIES = {"US", "US", "US", "US", "US", "DE", "GB", "FR", "NL", "CA", "JP",
            "BR", "IN", "SG", "AU", "PL"};

    private final List<Exit> exits;
    private final Map<InetAddress, Exit> byAddress = new HashMap<>();
    private final Map<String, Rotation> rotations = new HashMap<>();
    private final Set<Exit> offline = ConcurrentHashMap.newKeySet();

    private ExitPool(List<Exit> exits, long seed) {
        this.exits = List.copyOf(exits);
        Map<String, List<Exit>> byCountry = new HashMap<>();
        for (Exit e : exits) {
            byAddress.put(e.address(), e);
            byCountry.computeIfAbsent(e.country(), c -> new ArrayList<>()).add(e);
        }
        Map<String, List<Exit>> byAsn = new HashMap<>();
        for (Exit e : exits) {
            byAsn.computeIfAbsent(asnKey(e.asn()), a -> new ArrayList<>()).add(e);
        }
        rotations.put("", new Rotation("", exits, seed));
        byCountry.forEach((country, list) -> rotations.put(country, new Rotation(country, list, seed ^ country.hashCode())));
        byAsn.forEach((asn, list) -> rotations.put(asn, new Rotation(asn, list, seed ^ asn.hashCode())));
    }

    /** Builds a pool of {@code size} exits (1 to {@link #MAX_SIZE}) from {@code seed}. */
    public static ExitPool generate(int size, long seed) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("exit pool size " + size + " is out of range; use 1 to " + MAX_SIZE);
        }
        Random random = new Random(seed);
        String[] asnCountry = new String[ASNS];
        double[] weight = new double[ASNS];
        double total = 0;
        for (int k = 0; k < ASNS; k++) {
            asnCountry[k] = COUNTRIES[random.nextInt(COUNTRIES.length)];
            weight[k] = 1.0 / Math.pow(k + 1, 0.9);
            total += weight[k];
        }
        List<Exit> exits = new ArrayList<>(size);
        int subnets = (size + PER_SUBNET - 1) / PER_SUBNET;
        for (int s = 0; s < subnets; s++) {
            int asn = pick(weight, total, random);
            int a = 1 + s / 250;
            int b = 1 + s % 250;
            for (int h = 1; h <= PER_SUBNET && exits.size() < size; h++) {
                exits.add(new Exit(address(a, b, h), FIRST_ASN + asn,
                        "PROXYBENCH-LAB-" + (asn + 1) + " " + asnCountry[asn], asnCountry[asn]));
            }
        }
        return new ExitPool(exits, seed);
    }

    private static int pick(double[] weight, double total, Random random) {
        double x = random.nextDouble() * total;
        for (int k = 0; k < weight.length; k++) {
            x -= weight[k];
            if (x < 0) {
                return k;
            }
        }
        return weight.length - 1;
    }

    private static Inet4Address address(int a, int b, int h) {
        try {
            return (Inet4Address) InetAddress.getByAddress(new byte[] {127, (byte) a, (byte) b, (byte) h});
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    public List<Exit> all() {
        return exits;
    }

    public int size() {
        return exits.size();
    }

    /** The exit bound to {@code address}, if it is one of the pool's. */
    public Optional<Exit> at(InetAddress address) {
        return Optional.ofNullable(byAddress.get(address));
    }

    /** The country the lab assigns to a source address: the exit's, or {@code XX} for anything else. */
    public String locate(InetAddress address) {
        Exit exit = byAddress.get(address);
        return exit == null ? "XX" : exit.country();
    }

    public boolean online(Exit exit) {
        return !offline.contains(exit);
    }

    /** Takes an exit offline (sticky sessions on it move or fail by kind) or brings it back. */
    public void setOnline(Exit exit, boolean online) {
        if (online) {
            offline.remove(exit);
        } else {
            offline.add(exit);
        }
    }

    /**
     * The next online exit of the rotation, in {@code country} when it is not null.
     *
     * @throws NoExitException when no online exit matches
     */
    public Exit next(String country) {
        return next(country, null);
    }

    /**
     * The next online exit of the rotation, in {@code country} and AS {@code asn} where they are not null (each
     * of the lab's ASNs is in one country).
     *
     * @throws NoExitException when no online exit matches
     */
    public Exit next(String country, Integer asn) {
        if (asn != null) {
            Rotation rotation = rotations.get(asnKey(asn));
            if (rotation == null) {
                throw new NoExitException("no exit in AS" + asn + "; the lab's exits are in ASNs between " + FIRST_ASN + " and "
                        + (FIRST_ASN + ASNS - 1) + ", not all of them used by a small pool");
            }
            Exit exit = rotation.next(this);
            if (country != null && !country.equals(exit.country())) {
                throw new NoExitException("no exit in AS" + asn + " and country " + country + "; AS" + asn
                        + " is in " + exit.country());
            }
            return exit;
        }
        Rotation rotation = rotations.get(country == null ? "" : country);
        if (rotation == null) {
            throw new NoExitException("no exit in country " + country + "; the lab has "
                    + String.join(", ", countries()));
        }
        return rotation.next(this);
    }

    private static String asnKey(int asn) {
        return "AS" + asn;
    }

    /** The countries of the pool, sorted. */
    public List<String> countries() {
        List<String> countries = new ArrayList<>(rotations.keySet());
        countries.removeIf(c -> c.length() != 2);
        Collections.sort(countries);
        return countries;
    }

    /** A seeded shuffle walked by an atomic cursor: distinct exits until the cycle wraps. */
    private static final class Rotation {
        private final String country;
        private final List<Exit> order;
        private final AtomicLong cursor = new AtomicLong();

        Rotation(String country, List<Exit> exits, long seed) {
            this.country = country;
            List<Exit> shuffled = new ArrayList<>(exits);
            Collections.shuffle(shuffled, new Random(seed));
            this.order = shuffled;
        }

        Exit next(ExitPool pool) {
            for (int tries = 0; tries < order.size(); tries++) {
                Exit exit = order.get((int) (cursor.getAndIncrement() % order.size()));
                if (pool.online(exit)) {
                    return exit;
                }
            }
            throw new NoExitException("every exit" + (country.isEmpty() ? "" : " in " + country) + " is offline");
        }
    }
}
