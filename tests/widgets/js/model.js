// A stand-in for anywidget's model: the interface a board's page uses (get, set, on, off, send,
// save_changes), with what the page sent kept for the tests.

export class StandInModel {
  constructor(state = {}) {
    this.state = { ...state };
    this.handlers = {};
    this.sent = [];
    this.saved = 0;
  }

  get(name) {
    return this.state[name];
  }

  set(name, value) {
    this.state[name] = value;
  }

  save_changes() {
    this.saved += 1;
  }

  on(name, handler) {
    (this.handlers[name] = this.handlers[name] || []).push(handler);
  }

  off(name, handler) {
    this.handlers[name] = (this.handlers[name] || []).filter((h) => h !== handler);
  }

  send(content) {
    this.sent.push(content);
  }

  /** Python's side: new values for the traits, then one "change" (one message, one change). */
  update(values) {
    for (const [name, value] of Object.entries(values)) this.set(name, value);
    this.emit("change");
  }

  /** Python's side: a custom message to the page. */
  reply(content) {
    this.emit("msg:custom", content);
  }

  emit(name, ...args) {
    for (const handler of [...(this.handlers[name] || [])]) handler(...args);
  }

  /** How many handlers the page left on the model. */
  listening() {
    return Object.values(this.handlers).reduce((n, list) => n + list.length, 0);
  }
}
