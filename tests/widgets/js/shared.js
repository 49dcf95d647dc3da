// The shared page modules' pure functions in one module, for the tests that run them in Node.
export { bannerText, frameLayout, soloTotal, statusText } from "../../../touring_widgets/widgets/js/frame.js";
export { boardShell, KIT } from "../../../touring_widgets/widgets/js/shell.js";
export { figureText, figureWords, adviceLayout } from "../../../touring_widgets/widgets/js/advice.js";
export { footerLayout } from "../../../touring_widgets/widgets/js/footer.js";
export { logTip } from "../../../touring_widgets/widgets/js/log.js";
export { keysHelp, passesThrough } from "../../../touring_widgets/widgets/js/keys.js";
export { pick } from "../../../touring_widgets/widgets/js/geometry.js";
export { storyOf } from "../../../touring_widgets/widgets/js/message.js";
export { textWidth, wrapText } from "../../../touring_widgets/widgets/js/text.js";
