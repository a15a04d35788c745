/** What the client and the lab share below HTTP: the Netty transport, the TLS engine, name resolution. */
module io.proxybench.net {
    requires transitive io.netty.transport;
    requires transitive io.netty.handler;
    requires io.netty.common;
    requires io.netty.transport.classes.epoll;
    requires io.netty.transport.classes.io_uring;

    exports io.proxybench.net;
}
