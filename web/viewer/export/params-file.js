// The tuning as a file and as code: a JSON file of the values shown, and
// snippets that reproduce them — kb.createPreview({...}) for JS and a
// kb_preview_params initializer for C (field names of c_src/kblend.h).
// Pure functions, no DOM.
import { gestureToFile } from '../../link/gesture-file.js';

const PARAMS_FORMAT = 'kblend-preview-params';
const PARAMS_VERSION = 1;

// The values createPreview takes, in the order they are written.
const TUNING_KEYS = [
  'attack',
  'release',
  'shape',
  'epsilon',
  'lambda',
  'follower',
  'duration',
  'jitter',
  'seed',
  'apose',
  'fps',
];

// C enum names of the choices (kb_shape, kb_follower).
const C_ENUMS = {
  shape: { smoothstep: 'KB_SHAPE_SMOOTHSTEP', kli: 'KB_SHAPE_KLI' },
  follower: { exp: 'KB_FOLLOWER_EXP', kli: 'KB_FOLLOWER_KLI' },
};

/**
 * The createPreview options of what is shown, as plain JSON values.
 * @param {object} options  the viewer's preview options (sources.previewOptions)
 * @returns {object} { gesture: name or gesture file, attack, …, fps }
 */
export function previewSettings(options) {
  const gesture =
    typeof options.gesture === 'string' || options.gesture === undefined
      ? (options.gesture ?? null)
      : gestureToFile(options.gesture);
  const out = { gesture };
  for (const key of TUNING_KEYS) if (options[key] !== undefined) out[key] = options[key];
  return out;
}

// The parameters file's object.
export function paramsFile(options) {
  return { format: PARAMS_FORMAT, version: PARAMS_VERSION, preview: previewSettings(options) };
}

export function paramsFileText(options) {
  return `${JSON.stringify(paramsFile(options), null, 2)}\n`;
}

// kb.createPreview({...}) reproducing the options (JSON is valid JS).
export function jsSnippet(options) {
  const settings = previewSettings(options);
  const body = JSON.stringify(settings, null, 2).replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, '$1:');
  return `const preview = kb.createPreview(${body});\n`;
}

// A number as a C float literal: its shortest decimal, which C rounds to
// the same float32 as the core's Math.fround of it.
function cFloat(value) {
  if (value === Infinity) return 'INFINITY';
  const text = String(value);
  return /[.eE]/.test(text) ? `${text}f` : `${text}.0f`;
}

/**
 * A kb_preview_params initializer for the options.
 * @param {object} options  the preview options
 * @param {object} defaults  kb.defaults (dtMax, order)
 */
export function cSnippet(options, defaults) {
  const s = previewSettings(options);
  const gestureNote =
    typeof s.gesture === 'string'
      ? `/* gesture: "${s.gesture}" (web/gestures/${s.gesture}.json) */`
      : '/* gesture: the custom gesture of the parameters file */';
  return [
    gestureNote,
    'kb_preview_params params = {',
    `    .attack = ${cFloat(s.attack)},`,
    `    .release = ${cFloat(s.release)},`,
    `    .duration = ${cFloat(s.duration)},`,
    `    .fps = ${cFloat(s.fps)},`,
    `    .jitter = ${cFloat(s.jitter)},`,
    `    .seed = ${s.seed}u,`,
    `    .apose = ${cFloat(s.apose)},`,
    `    .shape = ${C_ENUMS.shape[s.shape ?? 'smoothstep']},`,
    `    .order = KB_ORDER_KBLEND,`,
    '    .filter =',
    '        {',
    `            .epsilon = ${cFloat(s.epsilon)},`,
    `            .lambda = ${cFloat(s.lambda)},`,
    `            .dt_max = ${cFloat(defaults.dtMax ?? 1 / 30)},`,
    `            .follower = ${C_ENUMS.follower[s.follower ?? 'exp']},`,
    '        },',
    '};',
    '',
  ].join('\n');
}
