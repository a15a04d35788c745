package io.proxybench.recorder.labcheck;

import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.net.URI;

/** A client wired to a recorder as its users would, for the lab check. */
public interface ClientUnderTest {

    /**
     * What the client is given.
     *
     * @param proxyHost the gateway's host
     * @param proxyPort the gateway's HTTP proxy port
     * @param user the proxy user name, with the session parameter when sticky
     * @param password the proxy password
     * @param trust trust in the lab CA
     * @param session the sticky session id, null when rotating; the recorder is told it per request
     * @param keepAliveZero whether the client is to reuse no connection
     */
    record Setup(String proxyHost, int proxyPort, String user, String password, RecorderLab.Trust trust,
            String session, boolean keepAliveZero) {}

    /** A client made for one run. */
    interface Handle extends AutoCloseable {

        /** GETs {@code url} and returns the body as text, as the user's own code reads it. */
        String get(URI url) throws Exception;

        /** Closes the client as its users would. */
        @Override
        void close() throws IOException;
    }

    /** A client that records into {@code recorder}. */
    Handle open(Recorder recorder, Setup setup) throws Exception;
}
