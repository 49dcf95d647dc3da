"""A kernel websocket for the Jupyter server that sends each frame at once (TCP_NODELAY).

The stock connection leaves Nagle's algorithm on: after the kernel's ``busy`` status, the
frame that answers a page message waits for the browser's delayed ACK (about 40 ms on Linux
loopback). ``benchmarks/bench_board.py --nodelay`` starts the server with this class
(``ServerApp.kernel_websocket_connection_class``) to show the round trip without that wait.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The stock kernel websocket connection, with Nagle's algorithm off on its socket."""

    def connect(self):
        """Connect as the base class does, then turn Nagle's algorithm off."""
        connected = super().connect()
        if connected is not None:  # None: the connection failed and is closed
            self.websocket_handler.set_nodelay(True)
        return connected
