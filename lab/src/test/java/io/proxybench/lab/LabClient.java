package io.proxybench.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * A deliberately plain blocking client for lab tests: raw CONNECT, SOCKS5 and forward requests on sockets, TLS
 * by the JDK trusting the lab CA, HTTP/1.1 responses read by Content-Length. Independent of the project's own
 * client so the lab is tested by something it did not build.
 */
public final class LabClient {

    private static final int TIMEOUT_MILLIS = 10_000;

    private final int gatewayPort;
    private final SSLContext tls;

    public LabClient(Lab lab) {
        this.gatewayPort = lab.gatewayPort();
        this.tls = trusting(lab.caFile());
    }

    /** A response: status, lower-cased headers, body. */
    public record Response(int status, Map<String, String> headers, String body) {
        /** The value of a {@code key=value} line of a trace body, or null. */
        public String trace(String key) {
            for (String line : body.split("\n")) {
                if (line.startsWith(key + "=")) {
                    return line.substring(key.length() + 1);
                }
            }
            return null;
        }
    }

    /** A socket straight to the target's {@code port}, no proxy: a tunnel whose reply is null. */
    public Tunnel direct(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new java.net.InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
        s.setSoTimeout(TIMEOUT_MILLIS);
        return new Tunnel(s, null);
    }

    /** Opens a socket to the gateway and sends CONNECT; returns the socket after reading the reply head. */
    public Tunnel connect(String credentials, String authority) throws IOException {
        Socket s = gatewaySocket();
        String auth = credentials == null ? "" : "Proxy-Authorization: Basic "
                + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)) + "\r\n";
        write(s, "CONNECT " + authority + " HTTP/1.1\r\nHost: " + authority + "\r\n" + auth + "\r\n");
        Response reply = readResponse(s.getInputStream(), true);
        return new Tunnel(s, reply);
    }

    /** A socket through the gateway's SOCKS5 side; {@code reply} is the CONNECT reply code (0 = success). */
    public Tunnel socks5(String user, String password, String host, int port) throws IOException {
        Socket s = gatewaySocket();
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        boolean withAuth = user != null;
        out.write(withAuth ? new byte[] {5, 1, 2} : new byte[] {5, 1, 0});
        out.flush();
        byte[] method = in.readNBytes(2);
        if (method.length < 2 || (method[1] & 0xff) == 0xff) {
            return new Tunnel(s, new Response(-1, Map.of(), "no acceptable method"));
        }
        if (method[1] == 2) {
            byte[] u = user.getBytes(StandardCharsets.UTF_8);
            byte[] p = password.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream a = new ByteArrayOutputStream();
            a.write(1);
            a.write(u.length);
            a.write(u);
            a.write(p.length);
            a.write(p);
            out.write(a.toByteArray());
            out.flush();
            byte[] status = in.readNBytes(2);
            if (status.length < 2 || status[1] != 0) {
                return new Tunnel(s, new Response(-2, Map.of(), "authentication failed"));
            }
        }
        byte[] h = host.getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream req = new ByteArrayOutputStream();
        req.write(new byte[] {5, 1, 0, 3, (byte) h.length});
        req.write(h);
        req.write(port >> 8);
        req.write(port & 0xff);
        out.write(req.toByteArray());
        out.flush();
        byte[] head = in.readNBytes(4);
        if (head.length < 4) {
            return new Tunnel(s, new Response(-3, Map.of(), "closed before the reply"));
        }
        int addressLength = switch (head[3]) {
            case 1 -> 4;
            case 4 -> 16;
            default -> in.read();
        };
        in.readNBytes(addressLength + 2);
        return new Tunnel(s, new Response(head[1], Map.of(), ""));
    }

    /** A plain connection to the gateway for forward-mode requests. */
    public Socket gatewaySocket() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", gatewayPort), TIMEOUT_MILLIS);
        s.setSoTimeout(TIMEOUT_MILLIS);
        return s;
    }

    /** Sends a forward-mode request for {@code absoluteUri} on {@code socket} and reads the response. */
    public static Response forward(Socket socket, String absoluteUri, String credentials) throws IOException {
        String auth = credentials == null ? "" : "Proxy-Authorization: Basic "
                + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)) + "\r\n";
        String host = absoluteUri.replaceFirst("^http://", "").replaceFirst("/.*$", "");
        write(socket, "GET " + absoluteUri + " HTTP/1.1\r\nHost: " + host + "\r\n" + auth + "\r\n");
        return readResponse(socket.getInputStream(), false);
    }

    /** An established (or refused) tunnel. */
    public final class Tunnel implements AutoCloseable {
        private final Socket socket;
        private final Response reply;
        private SSLSocket secure;

        Tunnel(Socket socket, Response reply) {
            this.socket = socket;
            this.reply = reply;
        }

        public Response reply() {
            return reply;
        }

        public Socket socket() {
            return socket;
        }

        /** GET {@code path} over TLS through the tunnel (the TLS session is made on first use). */
        public Response get(String path) throws IOException {
            if (secure == null) {
                secure = (SSLSocket) tls.getSocketFactory().createSocket(socket, "localhost", 443, true);
                SSLParameters p = secure.getSSLParameters();
                p.setApplicationProtocols(new String[] {"http/1.1"});
                secure.setSSLParameters(p);
                secure.startHandshake();
            }
            write(secure, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
            return readResponse(secure.getInputStream(), false);
        }

        @Override
        public void close() throws IOException {
            if (secure != null) {
                secure.close();
            }
            socket.close();
        }
    }

    private static void write(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    /** Reads one response head and, unless {@code headOnly}, a Content-Length body. */
    public static Response readResponse(InputStream in, boolean headOnly) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed after " + head.size() + " bytes of a response head: "
                        + head.toString(StandardCharsets.ISO_8859_1));
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        if (headOnly) {
            String length = headers.get("content-length");
            if (length != null) {
                in.readNBytes(Integer.parseInt(length));
            }
            return new Response(status, headers, "");
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new Response(status, headers, new String(in.readNBytes(length), StandardCharsets.UTF_8));
    }

    static SSLContext trusting(Path caFile) {
        try (InputStream in = Files.newInputStream(caFile)) {
            X509Certificate ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            store.setCertificateEntry("lab-ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (Exception e) {
            throw new IllegalStateException("cannot trust the lab CA " + caFile, e);
        }
    }
}
