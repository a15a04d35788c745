package io.proxybench.recorder.jetty;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.io.ssl.SslHandshakeListener;

/**
 * How each open TCP connection of the client was set up, from Jetty's connection events: the first connection
 * opened on a socket (to the proxy: the CONNECT goes next), the {@link SslConnection} opened on it (the tunnel is
 * up, TLS with the target starts) and that TLS handshake's success. A socket is known by its address pair (local and
 * remote), unique among open TCP connections, which the request's connection reports too. An entry goes when its
 * socket closes: the map holds the open connections, never one entry per request. Times are nanoseconds on the
 * recorder's clock.
 */
final class ConnectionSetups implements Connection.Listener, SslHandshakeListener {

    private static final long UNSET = -1;

    /** One socket's setup. */
    private static final class Setup {
        volatile long opened = UNSET;
        volatile long tlsStart = UNSET;
        /** Guarded by this setup, with {@link #waiting}. */
        long tlsEnd = UNSET;
        /** The request that opened the connection, while its TLS handshake (which its first write starts) runs. */
        Observation waiting;
    }

    private record Socket(SocketAddress local, SocketAddress remote) {}

    private final Recorder recorder;
    private final Map<Socket, Setup> open = new ConcurrentHashMap<>();
    /** Each open socket's address pair, by its end point: a closed socket no longer tells its addresses. */
    private final Map<EndPoint, Socket> sockets = new ConcurrentHashMap<>();

    ConnectionSetups(Recorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public void onOpened(Connection connection) {
        EndPoint endPoint = connection.getEndPoint();
        if (endPoint instanceof SslConnection.SslEndPoint) {
            return;
        }
        Socket socket = socket(endPoint.getLocalSocketAddress(), endPoint.getRemoteSocketAddress());
        if (socket == null) {
            return;
        }
        long now = recorder.nanoTime();
        sockets.put(endPoint, socket);
        if (connection instanceof SslConnection) {
            open.computeIfAbsent(socket, s -> new Setup()).tlsStart = now;
        } else {
            // The first connection on a new socket: a socket reusing a closed one's address pair starts afresh.
            Setup setup = new Setup();
            setup.opened = now;
            open.put(socket, setup);
        }
    }

    /**
     * A socket's entry goes when its TLS connection closes, or its plain one with the socket; a plain connection
     * closed by an upgrade (the proxy's connection once the CONNECT succeeded) leaves the socket open and its entry.
     */
    @Override
    public void onClosed(Connection connection) {
        EndPoint endPoint = connection.getEndPoint();
        if (connection instanceof SslConnection
                || !(endPoint instanceof SslConnection.SslEndPoint) && !endPoint.isOpen()) {
            Socket socket = sockets.remove(endPoint);
            if (socket != null) {
                open.remove(socket);
            }
        }
    }

    @Override
    public void handshakeSucceeded(Event event) {
        EndPoint endPoint = event.getEndPoint();
        if (endPoint instanceof SslConnection.SslEndPoint ssl) {
            endPoint = ssl.getSslConnection().getEndPoint();
        }
        if (endPoint == null) {
            return;
        }
        Setup setup = open.get(socket(endPoint.getLocalSocketAddress(), endPoint.getRemoteSocketAddress()));
        if (setup == null) {
            return;
        }
        synchronized (setup) {
            if (setup.tlsEnd != UNSET) {
                return;
            }
            setup.tlsEnd = recorder.nanoTime();
            if (setup.waiting != null) {
                setup.waiting.add(Phase.TLS, setup.tlsEnd - setup.tlsStart);
                // The request's own exchange starts once TLS is up.
                setup.waiting.start(Phase.REQUEST);
                setup.waiting = null;
            }
        }
    }

    /**
     * Adds to {@code observation} how the connection the request opened was set up: {@code connect} from the socket's
     * first connection opening to the tunnel's TLS starting (through a proxy), {@code tls} to the handshake's end. Jetty
     * begins a request on a TLS connection before its handshake, which the request's first write starts: the
     * observation then gets {@code tls} when the handshake succeeds, and its {@code request} restarts there.
     */
    void addTo(Observation observation, org.eclipse.jetty.client.Connection connection) {
        Socket socket = socket(connection.getLocalSocketAddress(), connection.getRemoteSocketAddress());
        Setup setup = socket == null ? null : open.get(socket);
        if (setup == null || setup.tlsStart == UNSET) {
            return;
        }
        if (setup.opened != UNSET) {
            observation.add(Phase.CONNECT, setup.tlsStart - setup.opened);
        }
        synchronized (setup) {
            if (setup.tlsEnd != UNSET) {
                observation.add(Phase.TLS, setup.tlsEnd - setup.tlsStart);
            } else {
                setup.waiting = observation;
            }
        }
    }

    /** Sockets with an entry: the client's open ones. */
    int size() {
        return Math.max(open.size(), sockets.size());
    }

    private static Socket socket(SocketAddress local, SocketAddress remote) {
        return local == null || remote == null ? null : new Socket(local, remote);
    }
}
