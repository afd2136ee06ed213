import FlyingSocks
import Foundation

/// FlyingFox's socket pool, with Nagle's algorithm turned off (`TCP_NODELAY`) on every socket it
/// is handed. FlyingFox writes a response's header and body in two writes; with Nagle on, the
/// body waits for the client to acknowledge the header, which a client delays by 40 ms: every
/// small frame took 44 ms instead of a few. The listening socket comes through the pool first
/// (its first `accept` waits), and Linux gives accepted sockets the listener's `TCP_NODELAY`;
/// a connection's own socket is set again whenever it waits.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
