// The little of a browser a board's page needs, for Node: elements with classes, data, styles,
// attributes and listeners, a canvas whose 2D context draws nothing (and measures text roughly),
// selects with options, and the observers, frames and events the board uses.

class ClassList {
  constructor() {
    this.names = new Set();
  }

  add(...names) {
    for (const n of names) this.names.add(n);
  }

  remove(...names) {
    for (const n of names) this.names.delete(n);
  }

  contains(name) {
    return this.names.has(name);
  }

  toggle(name, on = !this.names.has(name)) {
    if (on) this.names.add(name);
    else this.names.delete(name);
    return on;
  }
}

/** A 2D context that draws nothing: every method is accepted, text is 6 px a character;
 *  `onText(text, font)`, when given, hears of every fillText. */
export function context(onText = null) {
  const state = { font: "10px sans-serif" };
  return new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === "measureText") return (text) => ({ width: String(text).length * 6 });
      if (name === "fillText" && onText) return (text, x, y) => onText(String(text), target.font, x, y);
      return () => undefined;
    },
    set(target, name, value) {
      target[name] = value;
      return true;
    },
  });
}

export class Element {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.children = [];
    this.parent = null;
    this.classList = new ClassList();
    this.dataset = {};
    this.style = {};
    this.attributes = {};
    this.listeners = {};
    this.textContent = "";
    this.title = "";
    this.disabled = false;
    this.clientWidth = 0;
    if (tag === "canvas") {
      this.width = 300;
      this.height = 150;
      this.ctx = context();
    }
    if (tag === "select") {
      this.options = [];
      this.value = "";
    }
  }

  set className(value) {
    this.classList = new ClassList();
    this.classList.add(...String(value).split(" ").filter(Boolean));
  }

  get className() {
    return [...this.classList.names].join(" ");
  }

  set innerHTML(value) {
    this.children = [];
    if (this.options) this.options = [];
  }

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }

  getAttribute(name) {
    return name in this.attributes ? this.attributes[name] : null;
  }

  appendChild(child) {
    child.parent = this;
    this.children.push(child);
    return child;
  }

  append(...children) {
    for (const child of children) this.appendChild(child);
  }

  insertBefore(child, before) {
    child.parent = this;
    const at = before ? this.children.indexOf(before) : -1;
    if (at < 0) this.children.push(child);
    else this.children.splice(at, 0, child);
    return child;
  }

  get nextSibling() {
    if (!this.parent) return null;
    return this.parent.children[this.parent.children.indexOf(this) + 1] || null;
  }

  add(option) {
    this.options.push(option);
    if (this.options.length === 1) this.value = option.value;
  }

  addEventListener(type, listener) {
    (this.listeners[type] = this.listeners[type] || []).push(listener);
  }

  removeEventListener(type, listener) {
    this.listeners[type] = (this.listeners[type] || []).filter((l) => l !== listener);
  }

  dispatchEvent(event) {
    for (const listener of this.listeners[event.type] || []) listener(event);
    return true;
  }

  /** The listeners still attached, over every kind of event. */
  listening() {
    return Object.values(this.listeners).reduce((n, list) => n + list.length, 0);
  }

  getContext() {
    return this.ctx;
  }

  getBoundingClientRect() {
    const width = parseFloat(this.style.width) || this.width;
    const height = parseFloat(this.style.height) || this.height;
    return { left: 0, top: 0, width, height, right: width, bottom: height };
  }

  /** Every element under this one, itself first. */
  all() {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

/** Put the stand-in browser in Node's globals (document, window and the rest). */
export function installDom() {
  const body = new Element("body");
  const root = new Element("html");
  root.appendChild(body);
  const frames = new Map();
  let next = 1;
  Object.assign(globalThis, {
    document: { body, documentElement: root, createElement: (tag) => new Element(tag) },
    window: {
      devicePixelRatio: 1,
      matchMedia: () => ({ addEventListener() {}, removeEventListener() {} }),
    },
    getComputedStyle: () => ({ getPropertyValue: () => "" }),
    requestAnimationFrame(callback) {
      const id = next++;
      frames.set(id, setTimeout(() => {
        frames.delete(id);
        callback();
      }, 0));
      return id;
    },
    cancelAnimationFrame(id) {
      clearTimeout(frames.get(id));
      frames.delete(id);
    },
    ResizeObserver: class {
      observe() {}
      disconnect() {}
    },
    MutationObserver: class {
      observe() {}
      disconnect() {}
    },
    CustomEvent: class {
      constructor(type, init = {}) {
        this.type = type;
        this.detail = init.detail;
      }
    },
    Option: class {
      constructor(text, value) {
        this.text = text;
        this.value = value;
      }
    },
  });
}

/** A click (or another pointer event) in the middle of `box`, on `canvas`. */
export function pointerEvent(type, box) {
  return { type, clientX: box.x + box.w / 2, clientY: box.y + box.h / 2, preventDefault() {}, stopPropagation() {} };
}

/** A key pressed on the board. */
export function keyEvent(key) {
  return { type: "keydown", key, preventDefault() {}, stopPropagation() {} };
}
