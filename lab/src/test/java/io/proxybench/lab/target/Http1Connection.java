package io.proxybench.lab.target;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A minimal blocking HTTP/1.x client on one socket, so tests control keep-alive, pipelining and source address. */
final class Http1Connection implements Closeable {

    private static final int TIMEOUT_MS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String authority;

    private Http1Connection(Socket socket, String authority) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.authority = authority;
    }

    /** Connects to 127.0.0.1:{@code port} from {@code source} (an address, any port), or from any address if null. */
    static Http1Connection open(int port, String source) throws IOException {
        Socket socket = new Socket();
        socket.setSoTimeout(TIMEOUT_MS);
        if (source != null) {
            socket.bind(new InetSocketAddress(source, 0));
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
        return new Http1Connection(socket, "127.0.0.1:" + port);
    }

    static Http1Connection open(int port) throws IOException {
        return open(port, null);
    }

    String authority() {
        return authority;
    }

    /** Sends an HTTP/1.1 request with Host and User-Agent plus {@code extraHeaders} lines, and reads its response. */
    Response request(String method, String target, String... extraHeaders) throws IOException {
        write(requestText(method, target, extraHeaders));
        return read(method.equals("HEAD"));
    }

    Response get(String target, String... extraHeaders) throws IOException {
        return request("GET", target, extraHeaders);
    }

    String requestText(String method, String target, String... extraHeaders) {
        StringBuilder text = new StringBuilder()
                .append(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(authority).append("\r\n")
                .append("User-Agent: proxybench-test\r\n");
        for (String header : extraHeaders) {
            text.append(header).append("\r\n");
        }
        return text.append("\r\n").toString();
    }

    void write(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Reads one response; its body is Content-Length bytes, none for a response to HEAD. */
    Response read(boolean head) throws IOException {
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        int length = head ? 0 : Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new IOException("body ended after " + body.length + " of " + length + " bytes");
        }
        return new Response(parts[0], Integer.parseInt(parts[1]), headers, body);
    }

    /** Whether the server closed the connection: the next read sees end of stream. */
    boolean closedByServer() throws IOException {
        return in.read() == -1;
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("connection closed mid-response");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A response: its status line's version and code, headers with lower-case names, and body. */
    record Response(String version, int status, Map<String, String> headers, byte[] body) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.get(name);
        }
    }
}
