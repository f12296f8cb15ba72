// The core's numbers by name: status codes, enum values, layouts, struct
// sizes, and every tunable's default and inclusive range, read from the
// module's ABI table (kb_abi_count / kb_abi_name / kb_abi_value) at load.
// The library keeps no copy of any of them; kb.defaults and kb.limits are
// built here.

// Names of the enum values as the JS API spells them, in no particular
// order: the numbers come from the table (KB_<PREFIX>_<NAME>).
export const ENUM_NAMES = Object.freeze({
  shape: Object.freeze(['smoothstep', 'kli']),
  order: Object.freeze(['kblend', 'seed', 'naive-euler']),
  follower: Object.freeze(['exp', 'kli']),
  kliMethod: Object.freeze(['rk4', 'euler']),
  huber: Object.freeze(['off', 'component', 'norm']),
  ikStop: Object.freeze(['cost', 'gradient', 'step', 'lambda', 'iterations']),
  marker: Object.freeze(['left_palm', 'right_palm', 'left_thumb', 'right_thumb']),
});
const ENUM_PREFIX = {
  shape: 'KB_SHAPE_',
  order: 'KB_ORDER_',
  follower: 'KB_FOLLOWER_',
  kliMethod: 'KB_KLI_',
  huber: 'KB_HUBER_',
  ikStop: 'KB_IK_STOP_',
  marker: 'KB_MARKER_',
};
// Tunables whose values are integers.
const INTEGER_TUNABLES = new Set(['seed', 'kliMaxSteps', 'batchPairs']);

// A float32 value of the table as the shortest decimal that is the same
// float (0.15f → 0.15, not 0.15000000596046448); doubles stay as they are.
function shortestFloat(value) {
  if (!Number.isFinite(value) || Math.fround(value) !== value) return value;
  for (let digits = 1; digits <= 9; digits++) {
    const decimal = Number(value.toPrecision(digits));
    if (Math.fround(decimal) === value) return decimal;
  }
  return value;
}

// name → number, frozen; cString reads a C string of the heap.
export function readAbiTable(module, cString) {
  if (typeof module._kb_abi_count !== 'function') {
    throw new Error('kblend: the WebAssembly core has no ABI table (kb_abi_count); rebuild it');
  }
  const table = {};
  const count = module._kb_abi_count();
  for (let i = 0; i < count; i++) {
    table[cString(module._kb_abi_name(i))] = module._kb_abi_value(i);
  }
  return Object.freeze(table);
}

// One entry; a missing name throws (a core built from other headers), so
// no number is ever silently undefined.
export function abiValue(abi, name) {
  if (!Object.hasOwn(abi, name))
    throw new Error(`kblend: the core's ABI table has no entry ${name}`);
  return abi[name];
}

// { name: code } of one enum, every JS name checked against the table.
export function enumCodes(abi, kind) {
  const codes = {};
  for (const name of ENUM_NAMES[kind]) {
    codes[name] = abiValue(abi, ENUM_PREFIX[kind] + name.toUpperCase().replace('-', '_'));
  }
  return Object.freeze(codes);
}

function nameOfCode(abi, kind, code) {
  const codes = enumCodes(abi, kind);
  const name = Object.keys(codes).find((key) => codes[key] === code);
  if (name === undefined) throw new Error(`kblend: no ${kind} has the code ${code}`);
  return name;
}

// Names under a prefix, one level deep ("default.attack", not
// "default.ik.lambda0": a group of its own, read by abiGroup).
function tunableNames(abi, prefix) {
  return Object.keys(abi)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .filter((name) => !name.includes('.'));
}

// { name: value } of every entry under prefix ("default.ik." → the
// solver's defaults by option name), frozen; an empty group throws.
export function abiGroup(abi, prefix) {
  const group = {};
  for (const key of Object.keys(abi)) {
    if (key.startsWith(prefix)) group[key.slice(prefix.length)] = abi[key];
  }
  if (Object.keys(group).length === 0)
    throw new Error(`kblend: the core's ABI table has no entries ${prefix}*`);
  return Object.freeze(group);
}

// A 3-vector of the table ("hand.thumb" → [x, y, z]), frozen.
export function abiVector(abi, name) {
  return Object.freeze(['x', 'y', 'z'].map((axis) => abiValue(abi, `${name}.${axis}`)));
}

// kb.limits: { name: { min, max, integer? } } for every numeric tunable.
export function buildLimits(abi) {
  const limits = {};
  for (const name of tunableNames(abi, 'min.')) {
    const entry = {
      min: shortestFloat(abi[`min.${name}`]),
      max: shortestFloat(abiValue(abi, `max.${name}`)),
    };
    if (INTEGER_TUNABLES.has(name)) entry.integer = true;
    // not listed: whether the core compares in float32 (both bounds floats)
    const raw = [abi[`min.${name}`], abi[`max.${name}`]];
    Object.defineProperty(entry, 'float32', {
      value: raw.every((v) => Math.fround(v) === v),
    });
    limits[name] = Object.freeze(entry);
  }
  return Object.freeze(limits);
}

// kb.defaults: every tunable's default; shape, order and follower by name,
// and the library's default gesture.
export function buildDefaults(abi, gesture) {
  const defaults = { gesture };
  for (const name of tunableNames(abi, 'default.')) {
    const value = abi[`default.${name}`];
    defaults[name] = ENUM_PREFIX[name] ? nameOfCode(abi, name, value) : shortestFloat(value);
  }
  return Object.freeze(defaults);
}
