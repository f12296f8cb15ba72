// Argument checks shared by the library: each throws a TypeError (wrong
// kind of value) or a RangeError (right kind, wrong value) whose message
// names the parameter, the value and what is allowed.

export function describe(value) {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value))
    return `an array of length ${value.length}`;
  return `a ${typeof value}`;
}

function boundsText(min, max, minOpen, maxOpen) {
  const lo = min === undefined ? '' : `${minOpen ? '>' : '≥'} ${min}`;
  const hi = max === undefined ? '' : `${maxOpen ? '<' : '≤'} ${max}`;
  return [lo, hi].filter(Boolean).join(' and ');
}

// Largest finite float32: values the core stores as float must fit.
const FLOAT32_MAX = 3.4028234663852886e38;

// A number in [min, max] (bounds optional, open with minOpen / maxOpen).
// Infinity passes only when allowInfinity is set and the bounds allow it;
// float32: a finite value must also fit a float (the core's type).
export function checkNumber(
  name,
  value,
  { min, max, minOpen, maxOpen, integer, allowInfinity, float32 } = {},
) {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  }
  const bounds = boundsText(min, max, minOpen, maxOpen);
  const allowed = `${integer ? 'an integer' : 'a finite number'}${bounds ? ' ' + bounds : ''}`;
  if (Number.isNaN(value) || (!Number.isFinite(value) && !allowInfinity)) {
    throw new RangeError(`${name} must be ${allowed}, got ${value}`);
  }
  if (
    (integer && !Number.isInteger(value)) ||
    (min !== undefined && (minOpen ? value <= min : value < min)) ||
    (max !== undefined && (maxOpen ? value >= max : value > max))
  ) {
    throw new RangeError(`${name} must be ${allowed}, got ${value}`);
  }
  if (float32 && Number.isFinite(value) && Math.abs(value) > FLOAT32_MAX) {
    throw new RangeError(
      `${name} must be within the float32 range (|${name}| ≤ ${FLOAT32_MAX}), got ${value}`,
    );
  }
  return value;
}

export function isNumberArray(value) {
  if (Array.isArray(value)) return true;
  return (
    ArrayBuffer.isView(value) &&
    !(value instanceof DataView) &&
    !(value instanceof BigInt64Array) &&
    !(value instanceof BigUint64Array)
  );
}

// What a typed array is and holds, from its internal slots (not from
// properties a caller could define on it): its kind ('Float32Array', …, or
// undefined for anything that is not a typed array) and its length.
const TYPED_ARRAY = Object.getPrototypeOf(Int8Array.prototype);
const kindOf = Object.getOwnPropertyDescriptor(TYPED_ARRAY, Symbol.toStringTag).get;
const lengthOf = Object.getOwnPropertyDescriptor(TYPED_ARRAY, 'length').get;

// A real typed array of the target's own kind and length: its elements
// cannot be getters (a typed array's indices are not configurable), so one
// block copy reads each once, and every value fits the target.
function sameKindOfTypedArray(value, into, length) {
  const kind = kindOf.call(value);
  return kind !== undefined && kind === kindOf.call(into) && lengthOf.call(value) === length;
}

// The block copy of a captured clip (a million numbers and more), then the
// finiteness check on the copy: what is checked is what is kept. A float32
// is not finite when its exponent bits are all ones, which a look at its
// bits tells faster than a float comparison.
const FLOAT32_EXPONENT = 0x7f800000;
function copyFinite(name, value, into) {
  into.set(value);
  if (into instanceof Float32Array) {
    const bits = new Uint32Array(into.buffer, into.byteOffset, into.length);
    for (let i = 0; i < bits.length; i++) {
      if ((bits[i] & FLOAT32_EXPONENT) === FLOAT32_EXPONENT) notFinite(name, into, i);
    }
    return into;
  }
  for (let i = 0; i < into.length; i++) if (into[i] - into[i] !== 0) notFinite(name, into, i);
  return into;
}

function notFinite(name, values, i) {
  throw new RangeError(`${name}[${i}] must be finite, got ${values[i]}`);
}

// Reads `length` finite numbers from an array or typed array into `into`
// (a typed array; default a new Float64Array), each element read once, so
// a getter or proxy cannot change a value between the check and its use.
// A Float32Array target also needs every value within the float32 range.
export function readNumbers(name, value, length, into = new Float64Array(length)) {
  if (!isNumberArray(value)) {
    throw new TypeError(`${name} must be an array of ${length} numbers, got ${describe(value)}`);
  }
  const given = value.length;
  if (given !== length) {
    throw new RangeError(`${name} must have length ${length}, got length ${given}`);
  }
  if (sameKindOfTypedArray(value, into, length)) return copyFinite(name, value, into);
  const float32 = into instanceof Float32Array;
  for (let i = 0; i < length; i++) {
    const v = value[i];
    if (typeof v !== 'number') {
      throw new TypeError(`${name}[${i}] must be a number, got ${describe(v)}`);
    }
    if (!Number.isFinite(v)) {
      throw new RangeError(`${name}[${i}] must be finite, got ${v}`);
    }
    if (float32 && Math.abs(v) > FLOAT32_MAX) {
      throw new RangeError(
        `${name}[${i}] must be within the float32 range (≤ ${FLOAT32_MAX} in size), got ${v}`,
      );
    }
    into[i] = v;
  }
  return into;
}

// The same check, returning a copy (Float64Array) of the values.
export function checkArrayLike(name, value, length) {
  return readNumbers(name, value, length);
}

// Squared norm of quaternion j of a copy: refused when zero or overflowing.
function checkNorm(name, copy, j, what) {
  const i = 4 * j;
  const n2 = copy[i] ** 2 + copy[i + 1] ** 2 + copy[i + 2] ** 2 + copy[i + 3] ** 2;
  if (!Number.isFinite(n2)) {
    throw new RangeError(
      `${name}: ${what} has a norm too large to compute, got [${Array.from(copy.subarray(i, i + 4)).join(', ')}]`,
    );
  }
  return n2 > 1e-24;
}

// A quaternion [x, y, z, w]: four finite numbers, not all zero, read once
// into `into` (default a new Float64Array), which is returned.
export function checkQuat(name, value, into) {
  const q = readNumbers(name, value, 4, into);
  if (!checkNorm(name, q, 0, 'the quaternion')) {
    throw new RangeError(
      `${name} must be a nonzero quaternion [x, y, z, w], got [${Array.from(q).join(', ')}]`,
    );
  }
  return q;
}

// Every quaternion of a pose (count joints) finite and nonzero, read once
// into `into` (default a new Float64Array), which is returned.
export function checkPose(name, value, count, into) {
  const pose = readNumbers(name, value, count * 4, into);
  for (let j = 0; j < count; j++) {
    if (!checkNorm(name, pose, j, `joint ${j}`)) {
      throw new RangeError(
        `${name}: joint ${j} has a zero quaternion; every joint needs a nonzero [x, y, z, w]`,
      );
    }
  }
  return pose;
}

export function checkOneOf(name, value, allowed) {
  if (!allowed.includes(value)) {
    throw new RangeError(
      `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describe(value)}`,
    );
  }
  return value;
}

// An options object (undefined reads as {}). Given the names it knows, a
// key outside them is refused with the nearest known name, so a misspelt
// option ('atack') fails loudly instead of being ignored.
export function checkOptions(name, value, known) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  }
  if (known) checkKnownKeys(name, value, known);
  return value;
}

function checkKnownKeys(name, value, known) {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = nearestName(key, known);
    const hint = near ? ` — did you mean '${near}'?` : ` (known: ${known.join(', ')})`;
    const shown = key.length > 40 ? key.slice(0, 40) + '…' : key;
    throw new TypeError(`${name}: unknown option '${shown}'${hint}`);
  }
}

// The known name closest to `key` by edit distance (case ignored), when it
// is close enough to be a likely misspelling.
export function nearestName(key, known) {
  const k = key.toLowerCase();
  let best = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = editDistance(k, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : null;
}

function editDistance(a, b) {
  if (a.length > 64 || b.length > 64) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(substitute, previous[j] + 1, row[j - 1] + 1));
    }
    previous = row;
  }
  return previous[b.length];
}

// attack and release in their ranges, attack + release ≤ 1.
export function checkRatios(limits, attack, release) {
  checkTunable(limits, 'attack', attack);
  checkTunable(limits, 'release', release);
  if (attack + release > 1 + 1e-9) {
    throw new RangeError(
      `attack + release must be ≤ 1, got ${attack} + ${release} = ${attack + release}`,
    );
  }
}

// A tunable of the core (kb.limits[key]) under a parameter name. A
// tunable the core keeps as float32 is compared as the core compares it:
// the value rounded to float32 against the float bounds (so Math.PI passes
// the bound float(π), shown as 3.1415927).
export function checkTunable(limits, key, value, name = key, extra = {}) {
  const { min, max, integer, float32 } = limits[key];
  const f = Math.fround;
  const inFloatRange =
    float32 && typeof value === 'number' && f(value) >= f(min) && f(value) <= f(max);
  // within the float bounds: only the decimal rounding of the bound differs
  const checked = inFloatRange ? Math.min(max, Math.max(min, value)) : value;
  checkNumber(name, checked, { min, max, integer, float32: true, ...extra });
  return value;
}
