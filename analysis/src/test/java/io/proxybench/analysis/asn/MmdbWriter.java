package io.proxybench.analysis.asn;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes small IPv4-only MaxMind DB files for tests (format 2.0, https://maxmind.github.io/MaxMind-DB/): no
 * writer library is at hand and real databases are too large to keep. Layout: the search tree (24-bit
 * records, 6 bytes a node), 16 zero bytes, the data section (one map per network, no pointers), then the
 * metadata marker and the metadata map. Record values are strings and unsigned 32-bit integers; networks
 * must not overlap.
 */
public final class MmdbWriter {
    /** Data type numbers; 1 to 7 go in the control byte, higher ones in an extra byte as {@code type - 7}. */
    private static final int STRING = 2;
    private static final int UINT16 = 5;
    private static final int UINT32 = 6;
    private static final int MAP = 7;
    private static final int UINT64 = 9;
    private static final int ARRAY = 11;

    /** Precedes the metadata; a reader looks for its last occurrence in the file. */
    private static final byte[] METADATA_MARKER = {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF,
        'M', 'a', 'x', 'M', 'i', 'n', 'd', '.', 'c', 'o', 'm'};
    /** Zero bytes between the tree and the data section. */
    private static final int SEPARATOR = 16;
    /** Bits per tree record; values must stay below 2^24. */
    private static final int RECORD_SIZE = 24;
    /** Fixed so that the same networks always give the same bytes: 2023-11-14T22:13:20Z. */
    private static final long BUILD_EPOCH = 1_700_000_000L;

    private final String databaseType;
    /** Tree nodes in creation order; a node's number is its index, the root is node 0. */
    private final List<Node> nodes = new ArrayList<>(List.of(new Node(0)));
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();

    /** A writer of a database whose metadata says {@code databaseType}, e.g. {@code GeoLite2-ASN}. */
    public MmdbWriter(String databaseType) {
        this.databaseType = databaseType;
    }

    /** Places {@code cidr} in AS {@code asn} named {@code organization}, as GeoLite2-ASN records do. */
    public MmdbWriter asn(String cidr, long asn, String organization) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("autonomous_system_number", asn);
        record.put("autonomous_system_organization", organization);
        return add(cidr, record);
    }

    /**
     * Places {@code cidr} ({@code a.b.c.d/len}, len 1 to 32, host bits zero) with {@code record}, whose values
     * are {@code String}s or {@code Long}s (written as uint32).
     */
    public MmdbWriter add(String cidr, Map<String, ?> record) {
        String[] parts = cidr.split("/", -1);
        long address = Ipv4.parse(parts[0]);
        int length = parts.length == 2 ? Integer.parseInt(parts[1]) : -1;
        if (address == Ipv4.INVALID || length < 1 || length > 32 || (address & (0xFFFF_FFFFL >>> length)) != 0) {
            throw new IllegalArgumentException("not an IPv4 network a.b.c.d/1-32 without host bits: " + cidr);
        }
        // Walk the address's first length bits from the root (most significant first; 0 = left record).
        Node node = nodes.get(0);
        for (int depth = 0; depth < length - 1; depth++) {
            int bit = bit(address, depth);
            if (node.children[bit] == null) {
                Node added = new Node(nodes.size());
                nodes.add(added);
                node.children[bit] = added;
            }
            if (!(node.children[bit] instanceof Node next)) {
                throw new IllegalArgumentException(cidr + " lies inside a network already added");
            }
            node = next;
        }
        int last = bit(address, length - 1);
        if (node.children[last] != null) {
            throw new IllegalArgumentException(cidr + " overlaps a network already added");
        }
        node.children[last] = data.size();
        map(data, record);
        return this;
    }

    /** The whole database file. */
    public byte[] bytes() {
        long nodeCount = nodes.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Node node : nodes) {
            for (Object child : node.children) {
                // A record below nodeCount is a node number, nodeCount itself means "no data", and above
                // it is a data pointer: nodeCount + 16 + offset in the data section.
                long value = child == null ? nodeCount
                        : child instanceof Node n ? n.index
                        : nodeCount + SEPARATOR + (Integer) child;
                if (value >= 1L << RECORD_SIZE) {
                    throw new IllegalStateException("too many nodes or too much data for 24-bit records");
                }
                out.write((int) (value >>> 16));
                out.write((int) (value >>> 8));
                out.write((int) value);
            }
        }
        out.writeBytes(new byte[SEPARATOR]);
        out.writeBytes(data.toByteArray());
        out.writeBytes(METADATA_MARKER);
        control(out, MAP, 9);
        string(out, "binary_format_major_version");
        unsigned(out, UINT16, 2);
        string(out, "binary_format_minor_version");
        unsigned(out, UINT16, 0);
        string(out, "build_epoch");
        unsigned(out, UINT64, BUILD_EPOCH);
        string(out, "database_type");
        string(out, databaseType);
        string(out, "description");
        control(out, MAP, 1);
        string(out, "en");
        string(out, "proxybench test database");
        string(out, "ip_version");
        unsigned(out, UINT16, 4);
        string(out, "languages");
        control(out, ARRAY, 1);
        string(out, "en");
        string(out, "node_count");
        unsigned(out, UINT32, nodeCount);
        string(out, "record_size");
        unsigned(out, UINT16, RECORD_SIZE);
        return out.toByteArray();
    }

    /** Writes the database to {@code file} and returns {@code file}. */
    public Path write(Path file) throws IOException {
        return Files.write(file, bytes());
    }

    /** Bit {@code depth} of {@code address}, counting from the most significant. */
    private static int bit(long address, int depth) {
        return (int) (address >>> (31 - depth)) & 1;
    }

    private static void map(ByteArrayOutputStream out, Map<String, ?> record) {
        control(out, MAP, record.size());
        record.forEach((key, value) -> {
            string(out, key);
            if (value instanceof String text) {
                string(out, text);
            } else if (value instanceof Long number && number >= 0 && number <= 0xFFFF_FFFFL) {
                unsigned(out, UINT32, number);
            } else {
                throw new IllegalArgumentException(key + ": only strings and uint32 longs, not " + value);
            }
        });
    }

    private static void string(ByteArrayOutputStream out, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        control(out, STRING, utf8.length);
        out.writeBytes(utf8);
    }

    /** An unsigned integer in as few big-endian bytes as it needs (none for 0). */
    private static void unsigned(ByteArrayOutputStream out, int type, long value) {
        int bytes = (Long.SIZE - Long.numberOfLeadingZeros(value) + 7) / 8;
        control(out, type, bytes);
        for (int i = bytes - 1; i >= 0; i--) {
            out.write((int) (value >>> (8 * i)));
        }
    }

    /**
     * A field's control byte: type in the top 3 bits (0 for an extended type, whose {@code type - 7} follows
     * in the next byte) and size in the low 5. Sizes 0-28 fit there; 29, 30 and 31 say the size is 29, 285
     * or 65,821 plus the next 1, 2 or 3 bytes. The size is a byte count, or an entry count for maps and arrays.
     */
    private static void control(ByteArrayOutputStream out, int type, int size) {
        int sizeBits = size < 29 ? size : size < 285 ? 29 : size < 65_821 ? 30 : 31;
        out.write((type <= 7 ? type : 0) << 5 | sizeBits);
        if (type > 7) {
            out.write(type - 7);
        }
        if (sizeBits >= 29) {
            int extraBytes = sizeBits - 28;
            int rest = size - (extraBytes == 1 ? 29 : extraBytes == 2 ? 285 : 65_821);
            for (int i = extraBytes - 1; i >= 0; i--) {
                out.write(rest >>> (8 * i));
            }
        }
    }

    /** A tree node: its two records, each null (no data), a {@link Node} or an Integer data offset. */
    private static final class Node {
        final int index;
        final Object[] children = new Object[2];

        Node(int index) {
            this.index = index;
        }
    }
}
