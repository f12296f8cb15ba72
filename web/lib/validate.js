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

// A number in [min, max] (bounds optional, open with minOpen / maxOpen).
// Infinity passes only when allowInfinity is set and the bounds allow it.
export function checkNumber(
  name,
  value,
  { min, max, minOpen, maxOpen, integer, allowInfinity } = {},
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
  return value;
}

export function checkArrayLike(name, value, length) {
  const isArrayLike =
    Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!isArrayLike) {
    throw new TypeError(`${name} must be an array of ${length} numbers, got ${describe(value)}`);
  }
  if (value.length !== length) {
    throw new RangeError(`${name} must have length ${length}, got length ${value.length}`);
  }
  for (let i = 0; i < length; i++) {
    const v = value[i];
    if (typeof v !== 'number' && typeof v !== 'bigint') {
      throw new TypeError(`${name}[${i}] must be a number, got ${describe(v)}`);
    }
    if (!Number.isFinite(Number(v))) {
      throw new RangeError(`${name}[${i}] must be finite, got ${v}`);
    }
  }
  return value;
}

// A quaternion [x, y, z, w]: four finite numbers, not all zero.
export function checkQuat(name, value) {
  checkArrayLike(name, value, 4);
  const n2 = value[0] ** 2 + value[1] ** 2 + value[2] ** 2 + value[3] ** 2;
  if (!(n2 > 1e-24)) {
    throw new RangeError(
      `${name} must be a nonzero quaternion [x, y, z, w], got [${Array.from(value).join(', ')}]`,
    );
  }
  return value;
}

// Every quaternion of a pose (count joints) finite and nonzero.
export function checkPose(name, value, count) {
  checkArrayLike(name, value, count * 4);
  for (let j = 0; j < count; j++) {
    const n2 =
      value[4 * j] ** 2 + value[4 * j + 1] ** 2 + value[4 * j + 2] ** 2 + value[4 * j + 3] ** 2;
    if (!(n2 > 1e-24)) {
      throw new RangeError(
        `${name}: joint ${j} has a zero quaternion; every joint needs a nonzero [x, y, z, w]`,
      );
    }
  }
  return value;
}

export function checkOneOf(name, value, allowed) {
  if (!allowed.includes(value)) {
    throw new RangeError(
      `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describe(value)}`,
    );
  }
  return value;
}

export function checkOptions(name, value) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  }
  return value;
}

// attack ≥ 0, release ≥ 0, attack + release ≤ 1.
export function checkRatios(attack, release) {
  checkNumber('attack', attack, { min: 0, max: 1 });
  checkNumber('release', release, { min: 0, max: 1 });
  if (attack + release > 1 + 1e-9) {
    throw new RangeError(
      `attack + release must be ≤ 1, got ${attack} + ${release} = ${attack + release}`,
    );
  }
}
