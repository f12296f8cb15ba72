// The import's parts without a browser: the range of a clip played (fit to
// the preview's limits, rebased, in place), the joint maps remembered per
// skeleton, the worker client's cancel and failures (with a stand-in
// worker), the character stage's choice and the app state's body height.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createBvhWorkerClient,
  ImportCancelled,
} from '../../../web/viewer/import/bvh-worker-client.js';
import {
  clipRange,
  defaultRange,
  fitRange,
  rangeRefusal,
} from '../../../web/viewer/import/clip-range.js';
import {
  createJointMapMemory,
  hierarchyJointNames,
  skeletonSignature,
} from '../../../web/viewer/import/joint-map-memory.js';
import { createClipSources } from '../../../web/viewer/clips/clip-sources.js';
import { createAppState } from '../../../web/viewer/state/app-state.js';
import { TUNING_DEFAULTS, canonicalParams } from '../../../web/link/params.js';
import { kb } from './library.js';

const CMU = readFileSync(
  new URL('../../fixtures/bvh/cmu_walk_cm_120fps.bvh', import.meta.url),
  'utf8',
);
const clip = kb.importBvh(CMU, { name: 'cmu' });
const LIMITS = { minSeconds: 0.5, maxSeconds: 20 };

describe('the range played', () => {
  it('opens with the whole clip, or its first 20 s', () => {
    expect(defaultRange(2, 20)).toEqual({ start: 0, end: 2 });
    expect(defaultRange(75.5, 20)).toEqual({ start: 0, end: 20 });
  });

  it('fits a range into the clip and the preview’s limits', () => {
    expect(fitRange(10, 15, 60, LIMITS)).toEqual({ start: 10, end: 15 });
    expect(fitRange(10, 45, 60, LIMITS)).toEqual({ start: 10, end: 30 }); // at most 20 s
    expect(fitRange(-3, 2, 60, LIMITS)).toEqual({ start: 0, end: 2 });
    expect(fitRange(5, 5.1, 60, LIMITS)).toEqual({ start: 5, end: 5.5 }); // at least 0.5 s
    expect(fitRange(59.9, 70, 60, LIMITS)).toEqual({ start: 59.5, end: 60 });
    expect(() => fitRange(Number.NaN, 2, 60, LIMITS)).toThrow(RangeError);
    expect(() => fitRange(Number.NaN, 2, 60, LIMITS)).toThrow(/range must be two finite numbers/);
  });

  it('refuses an end typed before its start (or a start after its end), saying why', () => {
    expect(rangeRefusal(1, 4, 'end', 6)).toBe(null);
    expect(rangeRefusal(1, 4, 'start', 6)).toBe(null);
    const end = rangeRefusal(3, 1.25, 'end', 6);
    expect(end).toBe(
      'range end 1.25 s is not after the start 3 s: the end must be after 3 s, up to 6 s; ' +
        'the range is unchanged',
    );
    expect(rangeRefusal(3, 3, 'end', 6)).toMatch(/^range end 3 s is not after the start 3 s/);
    expect(rangeRefusal(5, 2, 'start', 6)).toBe(
      'range start 5 s is not before the end 2 s: the start must be from 0 s to before 2 s; ' +
        'the range is unchanged',
    );
  });

  it('rebases the part to t = 0 and x = z = 0, keeping the height', () => {
    const part = clipRange(clip, { start: 1, end: 1.5, inPlace: false });
    const first = Math.round(1 / clip.frameTime);
    expect(part.frames).toBe(Math.round(0.5 / clip.frameTime) + 1);
    expect(part.duration).toBeCloseTo(0.5, 4); // the file's frame time, 0.008333
    expect(part.track.times[0]).toBe(0);
    expect(Array.from(part.track.rotations.subarray(0, 88))).toEqual(
      Array.from(clip.track.rotations.subarray(first * 88, first * 88 + 88)),
    );
    expect(part.track.root[0]).toBe(0);
    expect(part.track.root[2]).toBe(0);
    expect(part.track.root[1]).toBe(clip.track.root[3 * first + 1]);
    const last = part.frames - 1;
    const travelled = Math.hypot(part.track.root[3 * last], part.track.root[3 * last + 2]);
    expect(travelled).toBeGreaterThan(0.3); // about 0.9 m/s for 0.5 s
    // the clip itself is untouched
    expect(clip.track.root[3 * first]).not.toBe(0);
  });

  it('holds the root at x = z = 0 in place', () => {
    const part = clipRange(clip, { start: 0, end: clip.duration, inPlace: true });
    for (let f = 0; f < part.frames; f++) {
      expect(part.track.root[3 * f]).toBe(0);
      expect(part.track.root[3 * f + 2]).toBe(0);
      expect(part.track.root[3 * f + 1]).toBe(clip.track.root[3 * f + 1]);
    }
    const preview = kb.createPreview({ track: part.track });
    expect(preview.root(part.duration / 2)[0]).toBe(0);
  });
});

// localStorage's interface, in memory.
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    items,
  };
}

describe('joint maps remembered per skeleton', () => {
  it('reads the hierarchy’s joints and signs the skeleton by them', () => {
    const names = hierarchyJointNames(CMU);
    expect(names.slice(0, 3)).toEqual(['Hips', 'LHipJoint', 'LeftUpLeg']);
    expect(names).toHaveLength(clip.joints.length);
    expect(names).toEqual(clip.joints);
    expect(skeletonSignature(names)).toBe(skeletonSignature([...names]));
    expect(skeletonSignature(names)).not.toBe(skeletonSignature(names.slice().reverse()));
  });

  it('recalls what was remembered, only with joints the file has', () => {
    const storage = memoryStorage();
    const memory = createJointMapMemory(storage);
    const names = ['a', 'b', 'c'];
    expect(memory.recall(names)).toBeNull();
    memory.remember(names, { pelvis: 'a', left_hip: 'b', head: 'gone' });
    expect(memory.recall(names)).toEqual({ pelvis: 'a', left_hip: 'b' });
    expect(memory.recall(['a', 'b'])).toBeNull(); // another skeleton
    // damaged or hostile entries are no mapping
    for (const value of ['{not json', '[1,2]', '"text"', '{"pelvis": 3}']) {
      storage.items.set([...storage.items.keys()][0], value);
      expect(memory.recall(names)).toBeNull();
    }
    expect(createJointMapMemory(null).recall(names)).toBeNull();
    expect(() => createJointMapMemory(null).remember(names, {})).not.toThrow();
  });
});

// A worker stand-in: answers as told, records what it was sent.
function fakeWorker(answer) {
  const worker = {
    sent: [],
    terminated: false,
    postMessage(message) {
      worker.sent.push(message);
      queueMicrotask(() => answer(message, (data) => worker.onmessage?.({ data })));
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

describe('the import worker client', () => {
  it('passes progress, then the clip', async () => {
    const client = createBvhWorkerClient(() =>
      fakeWorker(({ id }, reply) => {
        reply({ id, type: 'progress', progress: 0.5, message: 'half' });
        reply({ id, type: 'done', clip: { frames: 3 } });
      }),
    );
    const seen = [];
    const result = await client.run(new Blob(['x']), {}, (p, m) => seen.push([p, m]));
    expect(result).toEqual({ frames: 3 });
    expect(seen).toEqual([[0.5, 'half']]);
    expect(client.busy).toBe(false);
  });

  it('keeps the mapping facts of a failure', async () => {
    const client = createBvhWorkerClient(() =>
      fakeWorker(({ id }, reply) =>
        reply({
          id,
          type: 'failed',
          name: 'BvhImportError',
          message: 'no',
          unmapped: ['head'],
          joints: ['a'],
        }),
      ),
    );
    const error = await client.run(new Blob(['x']), {}).catch((e) => e);
    expect(error).toMatchObject({
      name: 'BvhImportError',
      message: 'no',
      unmapped: ['head'],
      joints: ['a'],
    });
  });

  it('cancel ends the worker at once and ignores its late answer', async () => {
    const workers = [];
    let later = null;
    const client = createBvhWorkerClient(() => {
      const w = fakeWorker(
        (message, reply) => (later = () => reply({ id: message.id, type: 'done', clip: {} })),
      );
      workers.push(w);
      return w;
    });
    const running = client.run(new Blob(['x']), {});
    expect(client.busy).toBe(true);
    expect(client.cancel()).toBe(true);
    await expect(running).rejects.toBeInstanceOf(ImportCancelled);
    expect(workers[0].terminated).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    later();
    expect(client.cancel()).toBe(false);
    // the next import gets a fresh worker
    const next = client.run(new Blob(['y']), {});
    await new Promise((r) => setTimeout(r, 0));
    later();
    await expect(next).resolves.toEqual({});
    expect(workers).toHaveLength(2);
  });
});

describe('the app state’s body height', () => {
  const sources = createClipSources(kb, { fps: 30 });
  const defaults = canonicalParams({ ...TUNING_DEFAULTS, gesture: 'clap', duration: 4 });

  it('rebuilds the preview at the height given, refuses one out of range whole', () => {
    const state = createAppState({ kb, sources, defaults });
    expect(state.bodyHeight).toBe(kb.defaults.height);
    const changes = [];
    state.onChange((c) => changes.push(c));
    expect(state.setBodyHeight(1.5).ok).toBe(true);
    expect(state.preview.options.height).toBe(1.5);
    expect(state.bodyHeight).toBe(1.5);
    expect(changes).toHaveLength(1);
    const refused = state.setBodyHeight(40);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/height/);
    expect(state.preview.options.height).toBe(1.5);
    // the clap check at that size: wrists and separation scale with the body
    const frame = state.preview.evaluateFrame(2, { clap: true });
    expect(frame.clap).toBeTruthy();
    expect(state.setBodyHeight(null).ok).toBe(true);
    expect(state.preview.options.height).toBe(kb.defaults.height);
  });
});
