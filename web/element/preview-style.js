// The element's own style, in its shadow root: a box of 240 × 240 px by
// default (the page sizes it like any inline-block), the figure filling it,
// a notice and the bar over its bottom edge.
export const PREVIEW_STYLE = `
:host { display: inline-block; position: relative; width: 240px; height: 240px;
  contain: content; font: 12px/1.3 system-ui, sans-serif; color: #1d2733; }
:host([hidden]) { display: none; }
canvas { display: block; width: 100%; height: 100%; cursor: pointer; }
.notice { position: absolute; left: 4px; right: 4px; top: 4px; padding: 3px 6px;
  background: #fff4d6; border: 1px solid #d9a400; border-radius: 3px;
  max-height: 40%; overflow: auto; overflow-wrap: anywhere; }
.bar { position: absolute; left: 0; right: 0; bottom: 0; display: flex; flex-wrap: wrap;
  gap: 2px 8px; align-items: center; padding: 3px 6px; background: rgb(255 255 255 / 0.85); }
.bar button { min-width: 28px; border: 1px solid #8894a3; border-radius: 3px; background: #fff; }
.bar label { display: flex; align-items: center; gap: 4px; }
.bar .scrub { flex: 1; }
.bar .scrub input { width: 100%; }
.bar input[type=range] { min-width: 60px; }
`;
