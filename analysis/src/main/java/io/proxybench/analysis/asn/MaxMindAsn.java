package io.proxybench.analysis.asn;

import com.maxmind.db.InvalidDatabaseException;
import com.maxmind.db.Reader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A MaxMind ASN database ({@code .mmdb}: GeoLite2-ASN, GeoIP2-ISP or another database of that layout), read
 * whole into memory. A record places an IP in AS {@code autonomous_system_number} (uint32) named
 * {@code autonomous_system_organization} (string). Thread-safe; lookups fail once it is closed.
 */
public final class MaxMindAsn implements AsnLookup, Closeable {
    private static final String FIX = "give a MaxMind ASN database such as GeoLite2-ASN.mmdb (or GeoIP2-ISP.mmdb)";

    private final Path file;
    private final Reader reader;

    private MaxMindAsn(Path file, Reader reader) {
        this.file = file;
        this.reader = reader;
    }

    /**
     * Opens {@code file}.
     *
     * @throws AsnDatabaseException if {@code file} is not a MaxMind DB file, or its {@code database_type}
     *     names neither an ASN nor an ISP database (a City or Country database, say)
     */
    public static MaxMindAsn open(Path file) throws IOException {
        Reader reader;
        try (InputStream in = Files.newInputStream(file)) {
            try {
                reader = new Reader(in);
            } catch (InvalidDatabaseException | RuntimeException e) {
                // The reader reports a damaged file through its own exception or whichever unchecked one its
                // buffers throw (limits past the end, undecodable metadata).
                throw new AsnDatabaseException(file, "not a MaxMind DB (.mmdb) file, or a damaged one; " + FIX);
            }
        }
        String type = reader.getMetadata().databaseType();
        String upper = type == null ? "" : type.toUpperCase(Locale.ROOT);
        if (!upper.contains("ASN") && !upper.contains("ISP")) {
            reader.close();
            throw new AsnDatabaseException(file, "database type '" + type + "' is not an ASN database; " + FIX);
        }
        return new MaxMindAsn(file, reader);
    }

    /**
     * The AS of {@code ip}; empty when {@code ip} is not a dotted-quad IPv4 address, no network of the
     * database holds it, or its record has no AS number or AS 0 (ISP databases leave the number out for
     * some networks).
     *
     * @throws UncheckedIOException naming the file if the database is closed or its record cannot be decoded
     */
    @Override
    public Optional<AsnInfo> lookup(String ip) {
        long address = Ipv4.parse(ip);
        if (address == Ipv4.INVALID) {
            return Optional.empty();
        }
        Map<?, ?> record;
        try {
            record = reader.get(inet(address), Map.class);
        } catch (IOException | RuntimeException e) { // closed, or damaged data (as in open)
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            AsnDatabaseException failed = new AsnDatabaseException(file, "cannot look up " + ip + ": " + reason);
            throw new UncheckedIOException(failed.getMessage(), failed);
        }
        if (record == null || !(record.get("autonomous_system_number") instanceof Number number)
                || number.longValue() == 0) {
            return Optional.empty();
        }
        Object organization = record.get("autonomous_system_organization");
        return Optional.of(new AsnInfo(number.longValue(), "",
                organization instanceof String name ? name : ""));
    }

    /** Releases the database; later lookups fail. */
    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code address} (unsigned 32 bits) as an {@link InetAddress}, without a name lookup. */
    private static InetAddress inet(long address) {
        byte[] bytes = {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address};
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new AssertionError("four bytes are always an IPv4 address", e);
        }
    }
}
