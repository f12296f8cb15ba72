// Values are read once, into the library's own storage: what was checked is
// what is used, and an error a caller's own code throws is passed on as it
// is, not rebuilt.
import { describe, expect, it } from 'vitest';
import { hopf, hopfPath, loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();

// An array that answers `first` on its first read of each index, `later` after.
function changingArray(first, later) {
  const reads = new Map();
  return new Proxy([...first], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        const n = (reads.get(key) ?? 0) + 1;
        reads.set(key, n);
        return n === 1 ? first[Number(key)] : later[Number(key)];
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('a crowd member whose own code throws', () => {
  it.each([
    ['the number 42', 42],
    ['null', null],
    ['a string', 'no'],
  ])('%s is passed on as it is', (_, thrown) => {
    const member = {
      get attack() {
        throw thrown;
      },
    };
    let caught = 'nothing thrown';
    try {
      kb.createCrowd({ members: [{}, member] });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe(thrown);
  });

  it('a library error still names the member', () => {
    expect(() => kb.createCrowd({ members: [{}, { attack: 7 }] })).toThrow(
      /^members\[1\]: attack must be/,
    );
    expect(() => kb.createCrowd({ members: [{}, { attack: 7 }] })).toThrow(RangeError);
  });
});

describe('createCrowd uses the roots it checked', () => {
  it('a roots array that changes after its first read keeps the first values', () => {
    const roots = changingArray([1, 2, 3, 4, 5, 6], [1e30, NaN, 0, 0, 0, 0]);
    const crowd = kb.createCrowd({ members: { count: 2 }, roots });
    expect(Array.from(crowd.roots)).toEqual([1, 2, 3, 4, 5, 6]);
    crowd.evaluate(0.5);
    expect(Array.from(crowd.roots)).toEqual([1, 2, 3, 4, 5, 6]);
    crowd.dispose();
  });
});

describe('a gesture keeps the angles it checked', () => {
  it('a proxy angle array that answers 1e9 on a second read keeps its first values', () => {
    const gesture = kb.parseGesture(
      {
        name: 'proxy',
        duration: 2,
        keyframes: [
          { time: 0.5, rotations: { right_elbow: changingArray([10, 20, 30], [1e9, 1e9, 1e9]) } },
        ],
      },
      'custom gesture',
    );
    expect(gesture.keyframes[0].rotations.right_elbow).toEqual([10, 20, 30]);
  });
});

describe('the Hopf map draws what it checked', () => {
  // each array answers Infinity or zeros on a second read: once NaN points
  const axis = () => changingArray([0, 1, 0], [Infinity, 0, 0]);
  const q = () => changingArray([0, 0, 0, 1], [0, 0, 0, 0]);
  const half = Math.SQRT1_2;

  it('hopf: the quaternion and the axis read once', () => {
    expect(Array.from(hopf(q(), { axis: axis() }))).toEqual([0, 1, 0]);
  });

  it('hopfPath: p, r and the axis read once, for both methods', () => {
    for (const method of ['slerp', 'kli']) {
      const r = changingArray([half, 0, 0, half], [0, 0, 0, 0]);
      const path = hopfPath(kb, q(), r, { method, samples: 8, axis: axis() });
      const plain = hopfPath(kb, [0, 0, 0, 1], [half, 0, 0, half], {
        method,
        samples: 8,
        axis: [0, 1, 0],
      });
      expect(path.every(Number.isFinite), method).toBe(true);
      expect(path, method).toEqual(plain);
    }
  });
});

// A captured clip's Float32Array is read by one block copy, then checked on
// the copy: the same refusals as element by element, and a typed array that
// says another length than it holds is read by what it holds.
describe('a track of typed arrays', () => {
  const track = (frames, edit = () => {}) => {
    const times = Float32Array.from({ length: frames }, (_, k) => k / 30);
    const rotations = new Float32Array(88 * frames);
    for (let q = 0; q < 22 * frames; q++) rotations[4 * q + 3] = 1;
    edit(rotations);
    return { times, rotations };
  };

  it('plays as given', () => {
    const preview = kb.createPreview({ track: track(40) });
    expect(Array.from(preview.evaluate(0.5).subarray(0, 4))).toEqual([0, 0, 0, 1]);
    preview.dispose();
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['−Infinity', -Infinity],
  ])('refuses %s, naming its index', (_, bad) => {
    const given = track(40, (r) => (r[88 * 7 + 5] = bad));
    expect(() => kb.createPreview({ track: given })).toThrow(
      `track.rotations[${88 * 7 + 5}] must be finite, got ${bad}`,
    );
  });

  it('a length property that is not the array’s own length is refused', () => {
    const longer = track(40);
    Object.defineProperty(longer.rotations, 'length', { value: 88 * 41 });
    expect(() => kb.createPreview({ track: longer })).toThrow(/track\.rotations/);
    // says 40 frames, holds 39: read by what it holds, the 40th is missing
    const shorter = track(39);
    Object.defineProperty(shorter.rotations, 'length', { value: 88 * 40 });
    const times = Float32Array.from({ length: 40 }, (_, k) => k / 30);
    expect(() => kb.createPreview({ track: { ...shorter, times } })).toThrow(
      `track.rotations[${88 * 39}] must be a number, got undefined`,
    );
  });

  it('a Float64Array past the float32 range is still refused by value', () => {
    const given = track(40);
    const wide = Float64Array.from(given.rotations);
    wide[3] = 1e39;
    expect(() => kb.createPreview({ track: { ...given, rotations: wide } })).toThrow(
      /track\.rotations\[3\] must be within the float32 range/,
    );
  });
});
