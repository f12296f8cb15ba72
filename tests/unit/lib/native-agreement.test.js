// The WebAssembly build against the native build on the same inputs.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const dumper = fileURLToPath(new URL('../../../build/native/dump_reference', import.meta.url));
const native = JSON.parse(execFileSync(dumper, { encoding: 'utf8' }));

function maxGap(a, b) {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('native and WASM agree within 1e-6', () => {
  it('on batch SLERP', () => {
    const n = native.slerpU.length;
    const batch = kb.createBatch(n);
    batch.a.set(native.slerpA);
    batch.b.set(native.slerpB);
    batch.u.set(native.slerpU);
    expect(maxGap(batch.slerp(), native.slerpOut)).toBeLessThanOrEqual(1e-6);
    batch.dispose();
  });

  it('on the envelope and forward kinematics', () => {
    const env = native.envelope.map((_, i) => kb.envelope(Math.fround(i / 100)));
    expect(maxGap(env, native.envelope)).toBeLessThanOrEqual(1e-6);
    const { positions } = kb.forwardKinematics(native.fkPose);
    expect(maxGap(positions, native.fkPositions)).toBeLessThanOrEqual(1e-6);
  });

  it('on the whole pipeline (track, jitter, filter, blend)', () => {
    const mask = new Uint8Array(22);
    mask[16] = 1;
    const preview = kb.createPreview({
      track: { times: [0, 0.5], rotations: native.trackKeys, loop: true, period: 1, mask },
      duration: 3,
      jitter: 0.01,
      seed: 77,
      blend: 'idle',
    });
    native.previewTimes.forEach((t, i) => {
      const pose = preview.evaluate(t);
      expect(maxGap(pose, native.previewPoses.slice(88 * i, 88 * i + 88))).toBeLessThanOrEqual(
        1e-6,
      );
    });
  });
});
