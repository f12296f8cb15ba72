// The viewer's IK and import logic without a browser: the clap solved by IK
// as a target, the `ik` key of share links, imported clips as gestures, and
// a BVH file refused or imported as the page does it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BvhImportError } from '../../../web/lib/kblend.js';
import {
  VIEWER_MAX_BYTES,
  importSummary,
  refuseBySize,
} from '../../../web/viewer/import/bvh-drop.js';
import { CONTACT_SEPARATION, createClapSolver } from '../../../web/viewer/clips/clap-ik.js';
import { turnWrists } from '../../../web/viewer/clips/turn-wrists.js';
import { createClapPhases } from '../../../web/viewer/readouts/clap-phase.js';
import {
  IMPORTED_PREFIX,
  LINK_NOTE,
  MAX_IMPORTED_CLIPS,
  createClipSources,
} from '../../../web/viewer/clips/clip-sources.js';
import { canonicalIk } from '../../../web/link/ik-switch.js';
import {
  TUNING_DEFAULTS,
  canonicalParams,
  canonicalValue,
  midHoldTime,
} from '../../../web/link/params.js';
import { parseShareHash, serializeShareHash } from '../../../web/link/share-link.js';
import { kb } from './library.js';

// As the page does it: the file refused by its size unread, else read and
// imported by kb.importBvh (in the page's worker).
async function readBvhFile(file, lib) {
  const refusal = refuseBySize(file, VIEWER_MAX_BYTES);
  if (refusal) throw new BvhImportError(refusal);
  return lib.importBvh(await file.arrayBuffer(), { name: file.name });
}

const fixturePath = new URL('../../fixtures/walk_mocap_cm.bvh', import.meta.url);
const fixture = readFileSync(fixturePath);
const params = canonicalParams({ ...TUNING_DEFAULTS, gesture: 'clap', duration: 4 });

function maxAngle(a, b) {
  let worst = 0;
  for (let j = 0; j < 22; j++) {
    worst = Math.max(
      worst,
      kb.geodesicAngle(a.subarray(4 * j, 4 * j + 4), b.subarray(4 * j, 4 * j + 4)),
    );
  }
  return worst;
}

describe('the clap solved by IK', () => {
  it('solves the open and the contact keyframes once per A-pose angle and reports the solves', () => {
    const solver = createClapSolver(kb);
    expect(solver.summary).toBeNull();
    const first = solver.solve(1.18);
    expect(solver.solve(1.18)).toBe(first); // cached
    expect(first.summary).toMatchObject({ ok: true, converged: true });
    expect(first.summary.iterations).toBeGreaterThan(0);
    expect(first.summary.cost).toBeLessThan(1e-3);
    expect(kb.validateClap(first.pose).ok).toBe(true);
    // one solve per kind: the open keyframe at the rules' 0.17 m, the contact
    // one at 0.024H with the palms opposed
    const [open, contact] = first.summary.solves;
    expect(first.summary.solves.map((s) => s.kind)).toEqual(['open', 'contact']);
    expect(open.separation).toBeCloseTo(0.17, 3);
    expect(contact.separation).toBeCloseTo(CONTACT_SEPARATION * 1.75, 3);
    expect(contact.palmDot).toBeLessThan(-0.99);
    // the track: the gesture's own key times, looped with its period
    const clap = kb.getGesture('clap');
    expect(Array.from(first.track.times)).toEqual(clap.keyframes.map((k) => Math.fround(k.time)));
    expect(first.track).toMatchObject({ loop: true, period: clap.period });
    expect(first.track.rotations.length).toBe(88 * clap.keyframes.length);
    const moved = kb.skeleton.names.filter((_, j) => first.track.mask[j]);
    expect(moved).toContain('left_wrist');
    expect(moved).not.toContain('left_knee');
  });

  it('keeps the rig clapping and passes the rules at every open-phase hold frame', () => {
    const sources = createClipSources(kb, { fps: 30 });
    const phaseAt = createClapPhases(kb, kb.getGesture('clap'), params.apose);
    for (const ik of [false, true]) {
      const preview = kb.createPreview(sources.previewOptions({ ...params, ik }));
      const frames = [];
      for (let k = 0; k < preview.frameCount; k++) {
        const t = preview.frameTime(k);
        const pose = preview.evaluate(t);
        const changed = preview.changed; // read before the next library call
        const envelope = kb.envelope(t / preview.duration, {
          attack: params.attack,
          release: params.release,
        });
        frames.push({ t, pose, changed, phase: phaseAt(t, envelope) });
      }
      const open = frames.filter((f) => f.phase === 'open');
      expect(open.length, `ik ${ik}`).toBeGreaterThanOrEqual(20);
      for (const { t, pose } of open) {
        const report = kb.validateClap(pose);
        expect(report.ok, `ik ${ik}, t = ${t.toFixed(3)}: ${JSON.stringify(report)}`).toBe(true);
      }
      // the palms meet in the contact phase
      const contact = frames.filter((f) => f.phase === 'contact');
      expect(contact.length).toBeGreaterThan(10);
      for (const { pose } of contact) expect(kb.validateClap(pose).separation).toBeLessThan(0.08);
      // the six arm joints change on most hold frames: the rig keeps clapping
      const hold = frames.filter((f) => f.phase !== 'blend');
      expect(hold.filter((f) => f.changed >= 6).length, `ik ${ik}`).toBeGreaterThan(
        hold.length / 2,
      );
      preview.dispose();
    }
    // still the envelope from idle: the first and last frames are idle
    const solved = kb.createPreview(sources.previewOptions({ ...params, ik: true }));
    expect(maxAngle(solved.evaluate(0), kb.idlePose(params.apose))).toBe(0);
    expect(maxAngle(solved.evaluate(params.duration), kb.idlePose(params.apose))).toBe(0);
    expect(sources.solveSummary({ ...params, ik: true }).ok).toBe(true);
    expect(sources.solveSummary(params)).toBeNull();
  });

  it('applies to the clap only', () => {
    const sources = createClipSources(kb, { fps: 30 });
    const wave = { ...params, gesture: 'wave', ik: true };
    expect(sources.ikApplies(wave)).toBe(false);
    expect(sources.previewOptions(wave)).toMatchObject({ gesture: 'wave' });
    expect(sources.previewOptions(wave).track).toBeUndefined();
    expect(sources.solveSummary(wave)).toBeNull();
  });
});

describe('the ik key of share links', () => {
  const context = {
    gestureNames: ['clap', 'wave'],
    defaults: params,
    durationOf: (name) => kb.getGesture(name).duration,
  };

  it('round-trips ik=1 and ik=0', () => {
    for (const ik of [true, false]) {
      const hash = serializeShareHash({ ...params, ik });
      expect(hash).toContain(`ik=${ik ? 1 : 0}`);
      const back = parseShareHash(hash, context);
      expect(back.notices).toEqual([]);
      expect(back.params.ik).toBe(ik);
    }
  });

  it('repairs a bad value with a plain-text notice', () => {
    for (const raw of ['yes', 'true', '2', '<b>1</b>', '']) {
      const opened = parseShareHash(`v=1&g=clap&ik=${encodeURIComponent(raw)}`, context);
      expect(opened.params.ik).toBe(false);
      expect(opened.notices).toHaveLength(1);
      expect(opened.notices[0]).toMatch(/^ik='.*' is not 1 or 0; using 0$/);
    }
  });

  it('is a boolean parameter in code', () => {
    expect(canonicalParams({ ...params, ik: true }).ik).toBe(true);
    expect(canonicalValue('ik', false)).toBe(false);
    expect(() => canonicalIk('1')).toThrow(/ik must be true or false, got '1'/);
    expect(() => canonicalParams({ ...params, ik: 1 })).toThrow(RangeError);
  });
});

describe('imported clips as gestures', () => {
  const file = new File([fixture], 'walk_mocap_cm.bvh');

  it('imports the fixture as the page does: as captured, or through the envelope when asked', async () => {
    const result = await readBvhFile(file, kb);
    const sources = createClipSources(kb, { fps: 30 });
    const name = sources.add(file.name, result);
    expect(name).toBe(`${IMPORTED_PREFIX}walk_mocap_cm.bvh`);
    expect(sources.isImported(name)).toBe(true);
    expect(sources.importedNames()).toEqual([name]);
    expect(sources.durationOf(name)).toBeCloseTo(result.duration, 9);
    const clip = {
      ...params,
      gesture: name,
      duration: canonicalValue('duration', result.duration),
    };
    // by default every frame of the capture, the first and the last too
    expect(sources.shapesImports()).toBe(false);
    const captured = kb.createPreview(sources.previewOptions(clip));
    expect(captured.options.blend).toBe('none');
    expect(captured.frameCount).toBe(result.frames);
    const at = (k) => result.track.rotations.slice(88 * k, 88 * k + 88);
    for (const k of [0, result.frames >> 1, result.frames - 1]) {
      expect(maxAngle(captured.evaluate(result.track.times[k]), at(k))).toBeLessThan(1e-5);
    }
    // the sliders leave it alone
    const capturedToo = kb.createPreview(sources.previewOptions({ ...clip, attack: 0.45 }));
    expect(maxAngle(capturedToo.evaluate(0.5), captured.evaluate(0.5))).toBeLessThan(1e-12);
    // shaped with the envelope: from idle, and the sliders act on it
    sources.setShapeImports(true);
    const preview = kb.createPreview(sources.previewOptions(clip));
    expect(preview.options.blend).toBe('idle');
    const idle = kb.idlePose(clip.apose);
    expect(maxAngle(preview.evaluate(0), idle)).toBe(0);
    const mid = preview.evaluate(clip.duration / 2);
    const later = preview.evaluate(clip.duration / 2 + 0.3);
    expect(maxAngle(mid, later)).toBeGreaterThan(0.05); // it walks
    const slower = kb.createPreview(sources.previewOptions({ ...clip, attack: 0.45 }));
    expect(maxAngle(slower.evaluate(0.5), preview.evaluate(0.5))).toBeGreaterThan(0.01);
    // a link cannot carry it: the link holds the default gesture and length
    const shared = sources.shareable(clip, params);
    expect(shared).toMatchObject({
      gesture: 'clap',
      duration: params.duration,
      attack: clip.attack,
    });
    expect(sources.shareable(params, params)).toBe(params);
  });

  it('keeps the latest few imports, a file imported again replacing its clip', async () => {
    const result = await readBvhFile(file, kb);
    const sources = createClipSources(kb, { fps: 30 });
    for (let i = 0; i <= MAX_IMPORTED_CLIPS; i++) sources.add(`clip${i}.bvh`, result);
    sources.add('clip3.bvh', result);
    const names = sources.importedNames();
    expect(names).toHaveLength(MAX_IMPORTED_CLIPS);
    expect(names).not.toContain(`${IMPORTED_PREFIX}clip0.bvh`);
    expect(names.at(-1)).toBe(`${IMPORTED_PREFIX}clip3.bvh`);
    sources.remove(names[0]);
    expect(sources.importedNames()).toHaveLength(MAX_IMPORTED_CLIPS - 1);
  });

  it('writes a notice with the clip, the unused joints and the link rule', async () => {
    const result = await readBvhFile(file, kb);
    const summary = importSummary(file.name, result, { start: 0, end: 2.967 }, LINK_NOTE);
    expect(summary.heading).toBe('Imported walk_mocap_cm.bvh.');
    expect(summary.lines[0]).toMatch(/^90 frames at 30\.0 fps \(2\.97 s\)/);
    expect(summary.lines).toContain(
      'Joints of the file not used: LeftHandIndex1, RightHandIndex1.',
    );
    expect(summary.lines.at(-1)).toBe(LINK_NOTE);
    const cut = importSummary(
      file.name,
      { ...result, duration: 30, unmapped: ['head'] },
      { start: 0, end: 20 },
      '',
    );
    expect(cut.lines).toContain(
      'The preview plays 0.00–20.00 s; pick another range in the import strip.',
    );
    expect(cut.lines).toContain('Joints with no match in the file (they stay at rest): head.');
    // a duration rounded to the millisecond is not a cut clip
    const rounded = importSummary(
      file.name,
      { ...result, duration: 2.83333 },
      { start: 0, end: 2.833 },
      '',
    );
    expect(rounded.lines.join(' ')).not.toMatch(/preview plays/);
    // the import's notes (position channels below the root), as sentences
    const noted = importSummary(
      file.name,
      { ...result, notes: ['3 joints besides the root carry position channels (a, b, c); …'] },
      { start: 0, end: 2.967 },
      '',
    );
    expect(noted.lines).toContain(
      '3 joints besides the root carry position channels (a, b, c); ….',
    );
  });
});

describe('refused files', () => {
  const importError = async (file) => {
    try {
      await readBvhFile(file, kb);
    } catch (error) {
      expect(error).toBeInstanceOf(BvhImportError);
      return error.message;
    }
    throw new Error(`${file.name} was imported`);
  };

  it('refuses an oversized or empty file by its size, without reading it', async () => {
    let read = false;
    const huge = {
      name: 'huge.bvh',
      size: VIEWER_MAX_BYTES + 1,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    };
    expect(await importError(huge)).toMatch(
      /^huge\.bvh is 50\.0 MB, larger than the 50\.0 MB limit; it was not read$/,
    );
    expect(read).toBe(false);
    expect(refuseBySize({ name: 'e.bvh', size: 0 })).toBe('e.bvh is empty');
    expect(refuseBySize({ name: 'ok.bvh', size: 10 })).toBeNull();
  });

  it('names the fault of a truncated, NaN, broken or foreign file', async () => {
    const text = fixture.toString('utf8');
    const cut = text.slice(0, text.lastIndexOf('\n', Math.floor(text.length * 0.6)) + 1);
    expect(await importError(new File([cut], 'cut.bvh'))).toMatch(
      /^cut\.bvh, line \d+: Frames: 90 is declared but only \d+ frame lines follow$/,
    );
    const midLine = new File([text.slice(0, Math.floor(text.length * 0.6))], 'mid.bvh');
    expect(await importError(midLine)).toMatch(
      /^mid\.bvh, line \d+: (frame \d+ has \d+ values|Frames: 90 is declared but only \d+ frame lines follow)/,
    );
    const lines = text.split('\n');
    const motion = lines.findIndex((line) => line.startsWith('Frame Time')) + 3;
    lines[motion] = lines[motion].replace(/\S+$/, 'NaN');
    expect(await importError(new File([lines.join('\n')], 'nan.bvh'))).toMatch(
      /^nan\.bvh, line \d+: frame 2, channel \d+ \(\w+ [XYZ]rotation\) must be a decimal number, got "NaN"$/,
    );
    expect(await importError(new File(['<html></html>'], 'page.bvh'))).toMatch(/not a BVH file/);
    expect(await importError(new File([], 'empty.bvh'))).toBe('empty.bvh is empty');
  });
});

describe('the clap solved by IK for a character of its own size and hands', () => {
  const phaseAt = createClapPhases(kb, kb.getGesture('clap'), params.apose);
  // the open-phase frames of the solved clip, checked as the page checks them
  function openFrames(sources, check) {
    const preview = kb.createPreview(sources.previewOptions({ ...params, ik: true }));
    const out = [];
    for (let k = 0; k < preview.frameCount; k++) {
      const t = preview.frameTime(k);
      const pose = preview.evaluate(t);
      if (
        phaseAt(
          t,
          kb.envelope(t / preview.duration, { attack: params.attack, release: params.release }),
        ) === 'open'
      )
        out.push(check(pose));
    }
    preview.dispose();
    return out;
  }

  for (const height of [1.3, 1.45, 2.1]) {
    it(`solves at ${height} m: the rules hold at that height in every open-phase frame`, () => {
      const sources = createClipSources(kb, { fps: 30 });
      sources.setBody({ height, hands: null });
      const reports = openFrames(sources, (pose) => kb.validateClap(pose, { height }));
      expect(reports.length).toBeGreaterThanOrEqual(20);
      for (const r of reports) expect(r.ok, JSON.stringify(r)).toBe(true);
      const summary = sources.solveSummary({ ...params, ik: true });
      expect(summary.ok).toBe(true);
      expect(summary.solves[0].separation).toBeCloseTo(0.17, 3); // the open keys
      // the contact keys at this body's palm depth
      expect(summary.solves[1].separation).toBeCloseTo(CONTACT_SEPARATION * height, 3);
      // kblend's own 1.75 m solve does not pass at a body this far off
      const own = createClipSources(kb, { fps: 30 });
      const off = openFrames(own, (pose) => kb.validateClap(pose, { height }));
      expect(off.some((r) => !r.ok)).toBe(true);
    });
  }

  it('solves with the character’s hand axes: its palms face each other, its thumbs point up', () => {
    // a hand rolled a quarter turn about each arm (palms forward at rest)
    const c = Math.SQRT1_2;
    const hands = { left: [c, 0, 0, c], right: [-c, 0, 0, c] };
    const sources = createClipSources(kb, { fps: 30 });
    sources.setBody({ height: 1.6, hands });
    const check = (pose) => kb.validateClap(turnWrists(pose, hands), { height: 1.6 });
    const reports = openFrames(sources, check);
    for (const r of reports) expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(reports[0].palmDot).toBeLessThan(-0.9);
    // the same hands on kblend's own solve fail the palms or the thumbs
    const plain = createClipSources(kb, { fps: 30 });
    plain.setBody({ height: 1.6, hands: null });
    expect(openFrames(plain, check).every((r) => !r.ok)).toBe(true);
  });
});
