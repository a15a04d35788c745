package io.proxybench.client.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A name server on 127.0.0.1 over UDP that answers A and AAAA queries from a fixed table, by hand-built packets
 * (RFC 1035 section 4), and counts the queries per name and type. A name it does not know is NXDOMAIN; a known
 * name without records of the type asked for is an empty answer.
 */
public final class TinyDns implements AutoCloseable {

    /** A query type: A is 1, AAAA is 28. */
    public static final int A = 1;
    public static final int AAAA = 28;

    /** One name's records: its addresses (both families) and their TTL, in seconds. */
    public record Name(List<InetAddress> addresses, int ttlSeconds) {}

    private final DatagramSocket socket;
    private final Map<String, Name> names;
    private final Map<String, AtomicInteger> queries = new ConcurrentHashMap<>();
    private final Thread server;

    /** @param names the table, by lower-case name without the final dot */
    public TinyDns(Map<String, Name> names) throws SocketException {
        this.names = Map.copyOf(names);
        this.socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        this.server = new Thread(this::serve, "tiny-dns");
        server.setDaemon(true);
        server.start();
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** Queries so far for {@code name} of {@code type} ({@link #A} or {@link #AAAA}). */
    public int queries(String name, int type) {
        AtomicInteger n = queries.get(name + "/" + type);
        return n == null ? 0 : n.get();
    }

    private void serve() {
        byte[] buffer = new byte[4096];
        while (!socket.isClosed()) {
            DatagramPacket query = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(query);
                byte[] answer = answer(ByteBuffer.wrap(query.getData(), 0, query.getLength()));
                socket.send(new DatagramPacket(answer, answer.length, query.getSocketAddress()));
            } catch (IOException | RuntimeException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private byte[] answer(ByteBuffer in) {
        int id = in.getShort() & 0xffff;
        int flags = in.getShort() & 0xffff;
        in.position(12); // past the counts: one question is all a resolver sends
        int questionStart = in.position();
        StringBuilder name = new StringBuilder();
        for (int length = in.get() & 0xff; length != 0; length = in.get() & 0xff) {
            byte[] label = new byte[length];
            in.get(label);
            name.append(name.length() == 0 ? "" : ".").append(new String(label, StandardCharsets.US_ASCII));
        }
        int type = in.getShort() & 0xffff;
        in.getShort(); // class IN
        byte[] question = new byte[in.position() - questionStart];
        in.position(questionStart);
        in.get(question);
        String key = name.toString().toLowerCase(Locale.ROOT);
        queries.computeIfAbsent(key + "/" + type, k -> new AtomicInteger()).incrementAndGet();
        Name known = names.get(key);
        List<InetAddress> records = known == null ? List.of() : known.addresses().stream()
                .filter(a -> (a instanceof Inet6Address) == (type == AAAA) && (type == A || type == AAAA))
                .toList();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer header = ByteBuffer.allocate(12);
        // QR, the query's RD, RA; RCODE 3 (NXDOMAIN) for an unknown name.
        header.putShort((short) id).putShort((short) (0x8080 | (flags & 0x0100) | (known == null ? 3 : 0)))
                .putShort((short) 1).putShort((short) records.size()).putShort((short) 0).putShort((short) 0);
        out.writeBytes(header.array());
        out.writeBytes(question);
        for (InetAddress a : records) {
            byte[] data = a.getAddress();
            ByteBuffer record = ByteBuffer.allocate(12 + data.length);
            // The name as a pointer to the question's (offset 12), type, class IN, TTL, data.
            record.putShort((short) 0xc00c).putShort((short) type).putShort((short) 1).putInt(known.ttlSeconds())
                    .putShort((short) data.length).put(data);
            out.writeBytes(record.array());
        }
        return out.toByteArray();
    }

    @Override
    public void close() {
        socket.close();
        try {
            server.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
