// The panel as one table: every control's parameter, folder, label, kind,
// step, unit and a one-line help text (shown as its tooltip). The panel is
// built from this table and nothing else; a parameter's range is read from
// NUMERIC_PARAMS when the panel is built (the viewer's range within
// kb.limits), so a value the panel can produce is one the link and the core
// accept.
import { CHOICE_PARAMS } from '../../link/choice-params.js';
import { NUMERIC_PARAMS } from '../../link/params.js';
import { PHASE_SPEEDS } from '../timeline/phase-speeds.js';
import { SPEED_RANGE } from '../timeline/playback.js';

const DEG = Math.PI / 180;

// Folders in order; `open: false` folds the less common ones, so the common
// controls fit without scrolling at 1280×800.
export const FOLDERS = Object.freeze([
  { key: 'gesture', title: 'gesture', open: true },
  { key: 'envelope', title: 'envelope E(p)', open: true },
  { key: 'filter', title: 'deadband filter', open: true },
  { key: 'comparison', title: 'comparison', open: true },
  { key: 'sweep', title: 'sweep', open: false },
  { key: 'view', title: 'view', open: true },
  // folded inside the view folder, so the common controls still fit
  { key: 'onion', title: 'onion skin', open: false, parent: 'view' },
  { key: 'clip', title: 'clip', open: false },
  { key: 'playback', title: 'playback', open: false },
  // authoring: gesture files, exports, presets and the editor, folded
  { key: 'author', title: 'author & export', open: false },
  { key: 'gestureFile', title: 'gesture file', open: true, parent: 'author' },
  { key: 'export', title: 'export', open: false, parent: 'author' },
  // snippets for other pages (an <iframe>, a <kblend-preview>), folded
  { key: 'share', title: 'share on a page', open: false, parent: 'author' },
  { key: 'character', title: 'character', open: false },
  // inside the folded clip folder, so the common controls still fit
  { key: 'reference', title: 'reference & A/B', open: false, parent: 'clip' },
]);

// kind: 'number' (slider in the param's unit), 'log' (slider over log10 with
// the value in its unit beside it), 'degrees' (slider in degrees, the param
// in radians), 'choice', 'toggle' (a boolean param), 'action' (a button),
// 'switch' (a view setting that is no param), 'switch-choice' (a view
// setting picked from a list).
export const PANEL_TABLE = Object.freeze([
  {
    name: 'reference',
    folder: 'reference',
    label: 'reference clip',
    kind: 'switch-choice',
    values: ['none'],
    initial: 'none',
    help: 'An imported BVH clip or a custom gesture (as tuned when picked) played as a translucent ghost beside the preview, with the angle between the two over the clip',
  },
  {
    name: 'holdB',
    folder: 'reference',
    label: 'hold as B',
    kind: 'action',
    help: 'Freeze the tuning shown as B: it plays as a translucent ghost beside the live tuning (A), its envelope drawn over A’s; the share link carries it',
  },
  {
    name: 'clearB',
    folder: 'reference',
    label: 'clear B',
    kind: 'action',
    help: 'Stop comparing with B',
  },
  {
    name: 'onionCount',
    folder: 'onion',
    label: 'onion skin ghosts',
    kind: 'switch-choice',
    values: [0, 1, 2, 3, 4],
    initial: 0,
    help: 'Faint ghosts of the pose at this many times before the playhead and as many after (0: off), with the wrists’ paths as trails',
  },
  {
    name: 'onionSpacing',
    folder: 'onion',
    label: 'onion spacing (s)',
    kind: 'switch-number',
    min: 0.05,
    max: 0.5,
    step: 0.05,
    initial: 0.2,
    help: 'Seconds between the onion-skin ghosts',
  },
  {
    name: 'fitReference',
    folder: 'reference',
    label: 'fit to reference',
    kind: 'action',
    help: 'Fit the envelope and the held pose to the reference (kb.fitEnvelope): the panel takes the fitted gesture, attack, release, shape and duration',
  },
  {
    name: 'gesture',
    folder: 'gesture',
    label: 'gesture',
    kind: 'choice',
    help: 'The gesture the character performs (a library gesture or an imported clip)',
  },
  {
    name: 'ik',
    folder: 'gesture',
    label: 'solve with IK',
    kind: 'toggle',
    help: 'Target: the clap pose solved by IK so that every clap rule holds',
  },
  {
    name: 'shapeImport',
    folder: 'gesture',
    label: 'shape with the envelope',
    kind: 'switch',
    initial: false,
    help: 'An imported clip: off, it plays as captured (every frame, first to last); on, the envelope blends it from idle and the filter and sliders act on it',
  },
  {
    name: 'importBvh',
    folder: 'gesture',
    label: 'import BVH…',
    kind: 'action',
    help: 'Import a BVH clip (or drop one on the page); a share link cannot carry it',
  },
  {
    name: 'loadGesture',
    folder: 'gestureFile',
    label: 'load gesture JSON…',
    kind: 'action',
    help: 'Load a gesture file (.json, the library’s format) or drop one on the page; a share link carries it',
  },
  {
    name: 'attack',
    folder: 'envelope',
    label: 'attack',
    kind: 'number',

    step: 0.01,
    unit: '',
    help: 'Attack ratio a: share of the clip over which E rises from 0 to 1',
  },
  {
    name: 'release',
    folder: 'envelope',
    label: 'release',
    kind: 'number',

    step: 0.01,
    unit: '',
    help: 'Release ratio r: share of the clip over which E falls back to 0 (a + r ≤ 1)',
  },
  {
    name: 'shape',
    folder: 'envelope',
    label: 'shape',
    kind: 'choice',
    values: CHOICE_PARAMS.shape.values,
    help: 'Envelope shape: smoothstep S(s) = s²(3 − 2s), or the KLI ease along the same path',
  },
  {
    name: 'epsilon',
    folder: 'filter',
    label: 'epsilon ε (rad)',
    kind: 'log',

    step: 0.01,
    unit: 'rad',
    help: 'Deadband ε: a joint whose target moved less than ε (geodesic angle) is held still',
  },
  {
    name: 'lambda',
    folder: 'filter',
    label: 'lambda (1/s)',
    kind: 'number',

    step: 0.5,
    unit: '1/s',
    help: 'Smoothing rate λ: each frame a joint moves 1 − e^(−λ·dt) of the way to its target',
  },
  {
    name: 'follower',
    folder: 'filter',
    label: 'follower',
    kind: 'choice',
    values: CHOICE_PARAMS.follower.values,
    help: 'How a joint follows its target past the deadband: exponential slerp, or the Kuramoto–Lohe flow',
  },
  {
    name: 'compare',
    folder: 'comparison',
    label: 'compare methods',
    kind: 'toggle',
    help: 'Four rigs side by side: kblend, naive Euler scaling, the seed’s order and the KLI shape',
  },
  {
    name: 'joint',
    folder: 'comparison',
    label: 'plotted joint',
    kind: 'choice',
    values: CHOICE_PARAMS.joint.values,
    help: 'The joint the speed plot and the Hopf inset follow (auto: a wrist the gesture moves)',
  },
  {
    name: 'sweep',
    folder: 'sweep',
    label: 'sweep grid',
    kind: 'choice',
    values: CHOICE_PARAMS.sweep.values,
    help: 'A grid of rigs on the same gesture and time, one or two parameters varied across the axes; click a rig to take its values',
  },
  {
    name: 'sweepSize',
    folder: 'sweep',
    label: 'sweep rigs a side',
    kind: 'choice',
    values: CHOICE_PARAMS.sweepSize.values,
    help: 'Rigs along each axis of the sweep grid (up to 10 × 10)',
  },
  {
    name: 'front',
    folder: 'view',
    label: 'front view',
    kind: 'action',
    help: 'Camera in front of the character',
  },
  {
    name: 'side',
    folder: 'view',
    label: 'side view',
    kind: 'action',
    help: 'Camera at the character’s left side',
  },
  {
    name: 'threeQuarter',
    folder: 'view',
    label: 'three-quarter view',
    kind: 'action',
    help: 'Camera in front and to the left',
  },
  {
    name: 'character',
    folder: 'character',
    label: 'character',
    kind: 'switch-choice',
    values: ['skinned', 'mannequin'],
    initial: 'skinned',
    help: 'The character shown: kblend’s skinned figure, the segmented mannequin, or one you load',
  },
  {
    name: 'loadCharacter',
    folder: 'character',
    label: 'load character…',
    kind: 'action',
    help: 'Load your own character: a skinned .glb/.gltf or a .vrm (or drop one on the page)',
  },
  {
    name: 'besideRig',
    folder: 'character',
    label: 'kblend beside it',
    kind: 'switch',
    initial: false,
    help: 'Show kblend’s own character beside a loaded one',
  },
  {
    name: 'skeleton',
    folder: 'view',
    label: 'skeleton overlay',
    kind: 'switch',
    initial: false,
    help: 'Draw the joints and bones over the body',
  },
  {
    name: 'body',
    folder: 'view',
    label: 'body',
    kind: 'switch',
    initial: true,
    help: 'Show the body',
  },
  {
    name: 'clapArrows',
    folder: 'view',
    label: 'clap arrows',
    kind: 'switch',
    initial: false,
    help: 'Arrows for the clap rules: wrist separation, palm normals, thumbs (green pass, red fail)',
  },
  {
    name: 'bodyContacts',
    folder: 'view',
    label: 'body contacts',
    kind: 'switch',
    initial: false,
    help: 'Mark in red the body parts that pass into each other (deeper than 5 mm)',
  },
  {
    name: 'duration',
    folder: 'clip',
    label: 'duration (s)',
    kind: 'number',

    step: 0.05,
    unit: 's',
    help: 'Clip length T in seconds (a gesture opens with its own)',
  },
  {
    name: 'jitter',
    folder: 'clip',
    label: 'jitter σ (rad)',
    kind: 'number',

    step: 0.001,
    unit: 'rad',
    help: 'Seeded noise added to the target, to show what the filter does with it',
  },
  {
    name: 'seed',
    folder: 'clip',
    label: 'jitter seed',
    kind: 'number',

    step: 1,
    unit: '',
    help: 'Seed of the jitter noise (the same seed gives the same noise)',
  },
  {
    name: 'apose',
    folder: 'clip',
    label: 'A-pose angle (°)',
    kind: 'degrees',

    step: 0.1,
    unit: '°',
    help: 'How far the idle pose lowers the upper arms from the T-pose',
  },
  {
    name: 'playPause',
    folder: 'playback',
    label: 'play (Space)',
    kind: 'action',
    help: 'Play or pause (Space)',
  },
  {
    name: 'stepBack',
    folder: 'playback',
    label: 'step −1 frame (←)',
    kind: 'action',
    help: 'One frame back (←)',
  },
  {
    name: 'stepForward',
    folder: 'playback',
    label: 'step +1 frame (→)',
    kind: 'action',
    help: 'One frame on (→)',
  },
  {
    name: 'home',
    folder: 'playback',
    label: 'to start (Home)',
    kind: 'action',
    help: 'To the first frame (Home)',
  },
  {
    name: 'end',
    folder: 'playback',
    label: 'to end (End)',
    kind: 'action',
    help: 'To the last frame (End)',
  },
  {
    name: 'loop',
    folder: 'playback',
    label: 'loop',
    kind: 'switch',
    initial: true,
    help: 'Start over at the end',
  },
  {
    name: 'speed',
    folder: 'playback',
    label: 'playback speed',
    kind: 'switch-number',
    ...SPEED_RANGE,
    step: 0.05,
    initial: 1,
    help: 'Playback speed (1 = real time)',
  },
  {
    name: 'phaseSpeed',
    folder: 'playback',
    label: 'phase loop speed',
    kind: 'switch-choice',
    values: Object.keys(PHASE_SPEEDS),
    initial: '1×',
    help: 'Speed of a phase looped on its own (click the attack, hold or release on the timeline; click it again to stop)',
  },
  {
    name: 'exportWidth',
    folder: 'export',
    label: 'width (px)',
    kind: 'switch-number',
    min: 16,
    max: 3840,
    step: 1,
    initial: 1280,
    help: 'Width of a PNG, of each contact-sheet frame and of the video or GIF, in pixels',
  },
  {
    name: 'exportHeight',
    folder: 'export',
    label: 'height (px)',
    kind: 'switch-number',
    min: 16,
    max: 3840,
    step: 1,
    initial: 720,
    help: 'Height of a PNG, of each contact-sheet frame and of the video or GIF, in pixels',
  },
  {
    name: 'exportFps',
    folder: 'export',
    label: 'video & GIF fps',
    kind: 'switch-number',
    min: 1,
    max: 60,
    step: 1,
    initial: 30,
    help: 'Frames per second of the video and the GIF (each frame rendered at its own time)',
  },
  {
    name: 'sheetFrames',
    folder: 'export',
    label: 'sheet frames',
    kind: 'switch-number',
    min: 2,
    max: 64,
    step: 1,
    initial: 9,
    help: 'How many evenly spaced frames the contact sheet shows',
  },
  {
    name: 'exportGlb',
    folder: 'export',
    label: 'GLB (character + clip)',
    kind: 'action',
    help: 'The character with the clip as a glTF binary, for Blender or an engine',
  },
  {
    name: 'exportBvh',
    folder: 'export',
    label: 'BVH (skeleton + clip)',
    kind: 'action',
    help: "The clip on kblend's skeleton as BVH motion capture",
  },
  {
    name: 'exportWebm',
    folder: 'export',
    label: 'WebM video',
    kind: 'action',
    help: 'A video of the view, rendered frame by frame at the chosen fps and size',
  },
  {
    name: 'exportGif',
    folder: 'export',
    label: 'GIF (looping)',
    kind: 'action',
    help: 'A looping GIF of the view, rendered frame by frame at the chosen fps and size',
  },
  {
    name: 'exportPng',
    folder: 'export',
    label: 'PNG snapshot',
    kind: 'action',
    help: 'A picture of the view at the chosen size',
  },
  {
    name: 'exportSheet',
    folder: 'export',
    label: 'PNG contact sheet',
    kind: 'action',
    help: 'Evenly spaced frames of the clip in one picture',
  },
  {
    name: 'exportJson',
    folder: 'export',
    label: 'parameters JSON',
    kind: 'action',
    help: 'The tuning values as a JSON file',
  },
  {
    name: 'showSnippets',
    folder: 'export',
    label: 'code (JS, C)…',
    kind: 'action',
    help: 'Code that reproduces this tuning: kb.createPreview({...}) and a kb_preview_params initializer',
  },
  {
    name: 'saveGesture',
    folder: 'gestureFile',
    label: 'save gesture JSON',
    kind: 'action',
    help: 'The gesture shown as a gesture file (load it again, or send it when a link is too long)',
  },
  {
    name: 'reset',
    folder: null,
    label: 'reset to defaults',
    kind: 'action',
    help: 'Every value back to its default',
  },
  {
    name: 'copyLink',
    folder: null,
    label: 'copy link',
    kind: 'action',
    help: 'Copy a link that opens this gesture, tuning and (when paused) time',
  },
  {
    name: 'copyEmbed',
    folder: 'share',
    label: 'copy <iframe> embed',
    kind: 'action',
    help: 'Copy an <iframe> of the embed page (the figure and a play bar) with this gesture and tuning',
  },
  {
    name: 'copyElement',
    folder: 'share',
    label: 'copy <kblend-preview>',
    kind: 'action',
    help: 'Copy a <kblend-preview> element (kblend/element) with this gesture and tuning as its attributes',
  },
  {
    name: 'followCamera',
    // in the folded playback folder: the open ones fill 1280×800 already
    folder: 'playback',
    label: 'camera follows',
    kind: 'switch',
    initial: true,
    help: 'The camera glides after a clip that travels (an imported walk) over a floor fixed in the world; off, it frames the whole path',
  },
]);

// The slider's value for a param value, and back. A slider position within
// half a step of the default gives the default exactly (5e-4, not 5.01e-4;
// 1.18 rad, not 1.1798), so every default is reachable from the panel.
export function toSlider(row, value) {
  if (row.kind === 'log') return Math.log10(value);
  if (row.kind === 'degrees') return value / DEG;
  return value;
}

export function fromSlider(row, position, defaultValue) {
  const value =
    row.kind === 'log' ? 10 ** position : row.kind === 'degrees' ? position * DEG : position;
  if (defaultValue === undefined) return value;
  const distance = Math.abs(position - toSlider(row, defaultValue));
  return distance <= row.step / 2 + 1e-9 ? defaultValue : value;
}

// A parameter row's range in the library's units (the param's limits).
export function rowRange(row) {
  const spec = NUMERIC_PARAMS[row.name];
  return spec ? { min: spec.min, max: spec.max } : { min: row.min, max: row.max };
}

// The slider's own range (in its unit).
export function sliderRange(row) {
  const { min, max } = rowRange(row);
  return { min: toSlider(row, min), max: toSlider(row, max) };
}

// How a log-scaled value reads in its box: plain decimals, as in a link.
export function formatValue(row, value) {
  if (row.kind === 'log') return String(Number(value.toPrecision(3)));
  return String(value);
}
