// Small viewer parts without a page: the gesture crossfade, the keys' text
// field rule, the notice's fade time.
import { describe, expect, it } from 'vitest';
import {
  CROSSFADE_SECONDS,
  createPoseCrossfade,
} from '../../../web/viewer/stage/pose-crossfade.js';
import { isTextField } from '../../../web/viewer/timeline/playback-keys.js';
import { NOTICE_MIN_MS, noticeDuration } from '../../../web/viewer/ui/notice.js';
import { kb } from './library.js';

describe('createPoseCrossfade', () => {
  const idle = kb.idlePose(1.18);
  const target = kb.createPreview({ gesture: 'wave' }).evaluate(1.5);
  const worst = (a, b) =>
    Math.max(
      ...Array.from({ length: 22 }, (_, j) =>
        kb.geodesicAngle(a.subarray(4 * j, 4 * j + 4), b.subarray(4 * j, 4 * j + 4)),
      ),
    );

  it('starts at the shown pose, eases to the new one and ends', () => {
    const fade = createPoseCrossfade(kb.slerp, 22);
    fade.start(idle, 10);
    const atStart = target.slice();
    expect(fade.apply(atStart, 10)).toBe(true);
    expect(worst(atStart, idle)).toBeLessThan(1e-6);
    const middle = target.slice();
    fade.apply(middle, 10 + CROSSFADE_SECONDS / 2);
    const full = worst(idle, target);
    expect(worst(middle, idle)).toBeGreaterThan(0.3 * full);
    expect(worst(middle, target)).toBeGreaterThan(0.3 * full);
    const after = target.slice();
    expect(fade.apply(after, 10 + CROSSFADE_SECONDS)).toBe(false);
    expect(after).toEqual(target);
    expect(fade.active).toBe(false);
  });

  it('moves less per frame than the jump it replaces', () => {
    const fade = createPoseCrossfade(kb.slerp, 22);
    fade.start(idle, 0);
    let previous = idle;
    let largest = 0;
    for (let k = 1; k <= 30; k++) {
      const pose = target.slice();
      fade.apply(pose, k / 60);
      largest = Math.max(largest, worst(previous, pose));
      previous = pose;
    }
    expect(largest).toBeLessThan(worst(idle, target) / 5);
  });

  it('cancel shows the new pose at once', () => {
    const fade = createPoseCrossfade(kb.slerp, 22);
    fade.start(idle, 0);
    fade.cancel();
    const pose = target.slice();
    expect(fade.apply(pose, 0.01)).toBe(false);
    expect(pose).toEqual(target);
  });
});

describe('isTextField', () => {
  const node = (matches) => ({ closest: (selector) => matches(selector) });
  it('is true in a text box or a textarea only', () => {
    const input = (type) => node((s) => (s === 'input' ? { type } : null));
    expect(isTextField(input('text'))).toBe(true);
    expect(isTextField(input('number'))).toBe(true);
    expect(isTextField(input('checkbox'))).toBe(false);
    expect(isTextField(input('range'))).toBe(false);
    expect(isTextField(node((s) => (s.startsWith('textarea') ? {} : null)))).toBe(true);
    expect(isTextField(node(() => null))).toBe(false); // a button, a select, the canvas
    expect(isTextField(null)).toBe(false);
    expect(isTextField(window_like())).toBe(false);
  });
  function window_like() {
    return {}; // the window itself has no closest()
  }
});

describe('noticeDuration', () => {
  it('gives short notices the minimum and longer ones more time, within a cap', () => {
    expect(noticeDuration('Link copied.', [])).toBe(NOTICE_MIN_MS);
    const long = noticeDuration('The link was repaired:', ['x'.repeat(300)]);
    expect(long).toBeGreaterThan(NOTICE_MIN_MS);
    expect(noticeDuration('', ['x'.repeat(1e6)])).toBe(20000);
  });
});
