// The "solve with IK" switch as a parameter: a boolean, `ik=1` or `ik=0` in
// a share link. It takes effect for the clap only (see clip-sources.js);
// other gestures keep it, so going back to the clap finds it as it was.

export const IK_KEY = 'ik';
export const IK_DEFAULT = false;

// The switch's value: a boolean is required.
export function canonicalIk(value) {
  if (typeof value !== 'boolean') {
    const shown = typeof value === 'string' ? `'${value}'` : String(value);
    throw new RangeError(`ik must be true or false, got ${shown}`);
  }
  return value;
}

export const encodeIk = (on) => (on ? '1' : '0');

/**
 * Read the switch from a link's text: '1' or '0'; anything else is the
 * fallback and a plain-text notice.
 * @param {string} raw
 * @param {boolean} fallback
 * @param {string[]} notices
 * @param {(raw: string) => string} quote  makes a link value inert for a notice
 */
export function readIk(raw, fallback, notices, quote) {
  if (raw === '1') return true;
  if (raw === '0') return false;
  notices.push(`${IK_KEY}=${quote(raw)} is not 1 or 0; using ${encodeIk(fallback)}`);
  return fallback;
}
