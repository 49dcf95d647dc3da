// Run a board's page module in Node against a stand-in model: render it, then play the steps read
// from stdin ({state}: Python publishes these traits; {click: box id}; {clickLit: true}: click the
// first lit space the board's hook lists; {key}), and print what the page sent and showed (`said`: the
// message line as a screen reader hears it, `badge`: a rule's badge beside it, `lines`: as drawn).
//   node run_page.js MODULE < steps.json

import { Element, installDom, keyEvent, pointerEvent } from "./dom.js";
import { StandInModel } from "./model.js";

installDom();
let text = "";
for await (const chunk of process.stdin) text += chunk;
const { width, steps } = JSON.parse(text);
const { default: widget } = await import(process.argv[2]);
const model = new StandInModel();
const el = new Element("div");
el.clientWidth = width;
document.body.appendChild(el);
const cleanup = widget.render({ model, el });
const canvas = el.all().find((e) => e.tagName === "CANVAS");
const frames = () => new Promise((resolve) => setTimeout(resolve, 5));

const out = { steps: [] };
for (const step of steps) {
  let target = null;
  if (step.state) model.update(step.state);
  if (step.clickLit) step.click = `space:${el.board.lit()[0]}`;
  if (step.click) {
    target = el.board.hitboxes().find((b) => b.id === step.click) || null;
    if (target) canvas.dispatchEvent(pointerEvent("click", target));
  }
  if (step.key) canvas.dispatchEvent(keyEvent(step.key));
  await frames();
  // What the message line shows (the page's own notes included) and whether a rule's badge is beside it.
  const line = (el.board.geometry() || {}).foot || {};
  const live = el.all().find((e) => e.classList.contains("tw-live"));
  out.steps.push({ clicked: step.click ? !!target : null, sent: model.sent.slice(), data: { ...el.dataset },
    boxes: el.board.hitboxes().map((b) => b.id), label: canvas.getAttribute("aria-label"),
    said: live ? live.textContent : "", badge: !!(line.message && line.message.badgeW),
    lines: line.message ? line.message.lines : [] });
}
cleanup();
out.listening = model.listening();
out.board = el.board === undefined ? "gone" : "kept";
console.log(JSON.stringify(out));
