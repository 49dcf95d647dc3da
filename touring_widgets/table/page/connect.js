// A board at a table: the board's own modules, given a model that speaks to the table's server
// over a websocket instead of a notebook's kernel. The model offers what anywidget's does (get, set,
// on, off, send, save_changes); the server sends the seat's state and its changes, the page sends
// the board's messages. A dropped connection comes back by itself, to the same seat.

const RETRY_MS = [500, 1000, 2000, 4000, 5000];

/** A model over a websocket to `url`; `status(state, text)` hears how the connection is. */
export function socketModel(url, status, WebSocketType = WebSocket) {
  let values = {};
  const listeners = new Map(); // event name -> Set of callbacks
  let socket = null;
  let waiting = []; // messages sent while no connection is open, sent once one is
  let attempts = 0;
  let ended = false;
  const emit = (name, ...args) => {
    for (const cb of [...(listeners.get(name) || [])]) cb(...args);
  };
  const model = {
    get: (key) => values[key],
    set: (key, value) => {
      values[key] = value;
    },
    save_changes: () => {},
    on(name, cb) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(cb);
    },
    off(name, cb) {
      if (!name) return listeners.clear();
      if (cb) (listeners.get(name) || new Set()).delete(cb);
      else listeners.delete(name);
    },
    send(content) {
      if (ended) return;
      const text = JSON.stringify(content);
      if (socket && socket.readyState === 1) socket.send(text);
      else if (content && "revision" in content) {
        // A move made on what the page showed: it may no longer hold when the connection is back.
        const message = "Not sent: the connection to the table is lost (it comes back by itself); play again then.";
        emit("msg:custom", { type: "reply", ok: false, message }, []);
      } else if (waiting.length < 20) waiting.push(text);
    },
    close() {
      ended = true;
      if (socket) socket.close();
    },
  };

  function receive(frame) {
    if (frame.t === "state") {
      values = { ...frame.state };
      emit("change");
    } else if (frame.t === "change") {
      Object.assign(values, frame.changes);
      for (const key of Object.keys(frame.changes)) emit(`change:${key}`);
      emit("change");
    } else if (frame.t === "reply") {
      emit("msg:custom", frame.content, []);
    } else if (frame.t === "bye") {
      // The link no longer plays here: the board says so and takes no move. A table that closed
      // may open again (resume): its pages keep knocking; a link replaced or handed on does not.
      values = { ...values, gone: frame.text };
      emit("change:gone");
      emit("change");
      if (frame.final === false) status("lost", frame.text);
      else {
        ended = true;
        status("bye", frame.text);
      }
    }
  }

  function open() {
    if (ended) return;
    status(attempts ? "lost" : "connecting", attempts ? `Connection lost: reconnecting (try ${attempts + 1})…` : "Connecting…");
    socket = new WebSocketType(url);
    socket.onopen = () => {
      attempts = 0;
      status("open", "Connected");
      const queued = waiting;
      waiting = [];
      for (const text of queued) socket.send(text);
    };
    socket.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      receive(frame);
    };
    socket.onclose = () => {
      socket = null;
      if (ended) return;
      const wait = RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)];
      attempts += 1;
      status("lost", `Connection lost: reconnecting in ${Math.round(wait / 100) / 10} s…`);
      setTimeout(open, wait);
    };
  }
  open();
  return model;
}

/** Show `board` (a board module's default export) in `el`, played over the page's own link. */
export function join(board, el, statusEl) {
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  const secret = location.pathname.split("/").pop();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const status = (state, text) => {
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  };
  const model = socketModel(`${scheme}://${location.host}/ws/${secret}`, status);
  board.render({ model, el });
  return model;
}
