// The heap: out of memory is a RangeError that leaves the module working,
// documented maxima fit, and no path leaks (failure paths, caches, objects
// never disposed).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend(); // a module of its own: these tests fill its heap

const free = () => kb.heap().largestFree;

describe('out of memory', () => {
  it('is a RangeError naming what was allocated, the bytes and the heap size; the module goes on', () => {
    const before = kb.slerp([0, 0, 0, 1], [0, 1, 0, 0], 0.5);
    const hog = kb.createBatch(kb.limits.batchPairs.max); // 26 MB
    const hog2 = kb.createBatch(kb.limits.batchPairs.max);
    let error;
    try {
      kb.createBatch(kb.limits.batchPairs.max);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(
      /out of memory allocating a SLERP batch of 500000 pairs: 26000000 bytes asked, the WebAssembly heap is 67108864 bytes/,
    );
    expect(() => kb.forwardKinematicsBatch(new Float32Array(88 * 40000).fill(0.5))).toThrow(
      /out of memory allocating forward kinematics of 40000 poses/,
    );
    hog.dispose();
    hog2.dispose();
    expect(kb.slerp([0, 0, 0, 1], [0, 1, 0, 0], 0.5)).toEqual(before);
    const preview = kb.createPreview({ gesture: 'wave' });
    expect(preview.evaluate(1).every(Number.isFinite)).toBe(true);
    preview.dispose();
  });

  it('a clip that does not fit is refused without leaking what it took', () => {
    const bind = kb.bindPositions();
    kb.retargetClip({ positions: Float64Array.from(bind) }); // the workspace, made once
    const hog = kb.createBatch(kb.limits.batchPairs.max); // 26 MB: the clip's 44.6 MB no longer fit
    const start = free();
    const positions = new Float64Array(50000 * 66);
    for (let i = 0; i < 3; i++) {
      expect(() => kb.retargetClip({ positions })).toThrow(
        /out of memory allocating a retargeted clip of 50000 frames: 44600000 bytes asked/,
      );
    }
    expect(free()).toBe(start);
    hog.dispose();
  });
});

describe('documented maxima fit the heap', () => {
  it('retargetClip of 50,000 frames (its maximum) runs; one more is refused by name', () => {
    const bind = kb.bindPositions();
    const frames = 50000;
    const positions = new Float64Array(frames * 66);
    for (let f = 0; f < frames; f++) positions.set(bind, 66 * f);
    const clip = kb.retargetClip({ positions, maxIterations: 1, mask: ['root'] });
    expect(clip.frames).toBe(frames);
    expect(clip.rotations.length).toBe(frames * 88);
    expect(() => kb.retargetClip({ positions: new Float64Array((frames + 1) * 66) })).toThrow(
      /frames must be an integer ≥ 1 and ≤ 50000, got 50001/,
    );
  });

  it('createBatch at its maximum on a module in use', () => {
    kb.createPreview({ gesture: 'wave' }).dispose();
    const batch = kb.createBatch(kb.limits.batchPairs.max);
    expect(batch.slerpFast().length).toBe(4 * kb.limits.batchPairs.max);
    batch.dispose();
  });
});

describe('no leaks', () => {
  it('solveIK over 300 distinct heights keeps a bounded set of workspaces', () => {
    const start = free();
    const task = { type: 'frameVector', pairs: [{ link: 'left_wrist', target: [0.5, 1.2, 0.2] }] };
    for (let i = 0; i < 300; i++) {
      kb.solveIK({ tasks: [task], height: 1 + i / 1000, options: { maxIterations: 1 } });
    }
    expect(start - free()).toBeLessThan(4 * 1024 * 1024);
  });

  it('forward kinematics and clap checks over 300 heights keep a bounded set of skeletons', () => {
    const pose = kb.idlePose();
    kb.validateClap(pose, { height: 2.9 });
    const start = free();
    for (let i = 0; i < 300; i++) {
      kb.forwardKinematics(pose, undefined, { height: 0.6 + i / 200 });
      kb.validateClap(pose, { height: 0.6 + i / 200 });
      kb.handMarkers(0.6 + i / 200);
    }
    expect(start - free()).toBeLessThan(64 * 1024);
  });

  it('disposed previews, filters, batches and FK batches give their blocks back', () => {
    const start = free();
    for (let i = 0; i < 200; i++) {
      kb.createPreview({ gesture: 'wave', duration: 10 }).dispose();
      kb.createFilter({ joints: 1000 }).dispose();
      kb.createBatch(10000).dispose();
      kb.forwardKinematicsBatch(new Float32Array(88 * 100).fill(0.5));
    }
    expect(free()).toBe(start);
  });

  it('failed creations give their blocks back', () => {
    const start = free();
    for (let i = 0; i < 100; i++) {
      expect(() =>
        kb.createPreview({
          track: { times: [0, 1], rotations: new Float32Array(176), period: 0.5, loop: true },
        }),
      ).toThrow(RangeError);
      expect(() => kb.retargetClip({ positions: [NaN, ...new Array(65).fill(0)] })).toThrow(
        /positions must be finite numbers: frame 0, joint pelvis has NaN/,
      );
    }
    expect(free()).toBe(start);
  });

  it('objects never disposed are reclaimed by the garbage collector', () => {
    // a child process with --expose-gc: 300 forgotten 5.2 MB batches (1.5 GB)
    // in a 64 MB heap run only if the forgotten ones are freed
    const entry = new URL('../../../web/lib/kblend.js', import.meta.url).href;
    const script = `
      const { loadKBlend } = await import(${JSON.stringify(entry)});
      const kb = await loadKBlend();
      const start = kb.heap().largestFree;
      for (let i = 0; i < 300; i++) {
        kb.createBatch(100000);
        kb.createPreview({ gesture: 'wave' });
        kb.createFilter({ joints: 100 });
        if (i % 5 === 4) { globalThis.gc(); await new Promise((r) => setTimeout(r, 0)); }
      }
      globalThis.gc(); await new Promise((r) => setTimeout(r, 10));
      console.log(JSON.stringify({ start, end: kb.heap().largestFree }));
    `;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: fileURLToPath(new URL('../../..', import.meta.url)) },
    );
    const { start, end } = JSON.parse(output.trim().split('\n').pop());
    expect(start - end).toBeLessThan(16 * 1024 * 1024);
  });
});
