// More of the characters people bring, generated here: a VRM 0.x file
// (facing −Z, as 0.x files do; three-vrm turns it), a GLB with the SMPL
// model files' bone names (m_avg_L_Hip, …), one with Kimodo's (kblend's
// own joint names) and a Mixamo one standing in an A-pose at rest, with
// finger and thumb bones. Each loads by the picker, binds all 22 joints and
// follows kblend's FK segment directions within 2° in every gesture.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { expectedHandAxes } from '../fixtures/characters/hand-bones.js';
import { mixamoGlb } from '../fixtures/characters/mixamo-glb.js';
import { KIMODO_NAMES, SMPL_FILE_NAMES } from '../fixtures/characters/smpl-names.js';
import { vrm0FromGlb } from '../fixtures/characters/vrm0.js';
import { SCREENSHOTS, app, launchBrowser, midHold, openPage } from './browser.js';
import { characterAt, loadCharacterFile, worstSegmentAngle } from './character-checks.js';

const APOSE = 0.8; // rad below level: an A-pose rest
const ROLL = -Math.PI / 2; // its palms forward (at a T-pose's arms)
let kb;
let browser;
let opened;
let scratch;
const files = {};

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-formats-'));
  kb = await loadKBlend();
  const write = (name, bytes) => {
    files[name] = join(scratch, name);
    writeFileSync(files[name], Buffer.from(bytes));
  };
  write('hero_0_x.vrm', vrm0FromGlb((await mixamoGlb(kb, { height: 1.7 })).glb));
  write('smpl_avg.glb', (await mixamoGlb(kb, { height: 1.8, names: SMPL_FILE_NAMES })).glb);
  write('kimodo.glb', (await mixamoGlb(kb, { height: 1.5, names: KIMODO_NAMES })).glb);
  const aposeHero = await mixamoGlb(kb, { height: 1.65, apose: APOSE, hands: { roll: ROLL } });
  write('apose_hero.glb', aposeHero.glb);
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const angleDeg = (a, b) =>
  (Math.acos(
    Math.min(1, (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / Math.hypot(...a) / Math.hypot(...b)),
  ) *
    180) /
  Math.PI;

// The model's bone a kblend joint was bound to (mapped lists kblend joints).
const shownBone = (character, joint) => character.boundTo?.[joint] ?? null;

// Every library gesture at the start, in the attack and mid-hold: the
// worst segment angle against kblend's FK (degrees).
async function worstOverGestures(page) {
  const names = (await app(page, () => window.kblendApp.gestureNames())).filter(
    (n) => !n.startsWith('bvh: '),
  );
  let worst = { angle: 0, where: '' };
  for (const gesture of names) {
    const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
    for (const t of [0, params.duration * params.attack * 0.5, midHold(params)]) {
      const angle = worstSegmentAngle(kb, await characterAt(page, t));
      if (angle > worst.angle) worst = { angle, where: `${gesture} at ${t.toFixed(2)} s` };
    }
  }
  return worst;
}

const CASES = [
  { file: 'hero_0_x.vrm', format: 'vrm 0.x' },
  {
    file: 'smpl_avg.glb',
    format: 'gltf',
    mapped: { left_hip: 'm_avg_L_Hip', spine3: 'm_avg_Spine3' },
  },
  { file: 'kimodo.glb', format: 'gltf', mapped: { left_hip: 'left_hip', spine2: 'spine2' } },
  { file: 'apose_hero.glb', format: 'gltf', apose: APOSE, hands: true },
];

describe('VRM 0.x, SMPL and Kimodo characters', () => {
  for (const c of CASES) {
    it(`${c.file}: loads, binds every joint and follows kblend’s FK within 2°`, async () => {
      const { page } = opened;
      const status = await loadCharacterFile(page, files[c.file], c.file);
      expect(status.state, status.message).toBe('done');
      const { character } = await characterAt(page, 0);
      expect(character).toMatchObject({
        name: c.file,
        format: c.format,
        skinned: true,
        unmapped: [],
      });
      expect(character.mapped).toHaveLength(22);
      for (const [joint, bone] of Object.entries(c.mapped ?? {})) {
        expect(shownBone(character, joint), joint).toBe(bone);
      }
      expect(character.clapHeight).toBeCloseTo(character.height, 6);
      // the rest: a T-pose, or the A-pose's angle read from the model
      expect(character.restArmAngle).toBeCloseTo(c.apose ?? 0, 3);
      if (c.hands) {
        // finger and thumb bones: the markers are the model's own, the
        // A-pose's turn of the hands taken out
        expect(character.hands.notes).toEqual([]);
        for (const side of ['left', 'right']) {
          const expected = expectedHandAxes(side, { roll: ROLL });
          expect(angleDeg(character.hands[side].palmNormal, expected.palmNormal)).toBeLessThan(2);
          expect(angleDeg(character.hands[side].thumb, expected.thumb)).toBeLessThan(2);
        }
      } else {
        // no finger bones: kblend's hand axes, said so
        expect(character.hands.notes.join(' ')).toMatch(/no finger bones, kblend's hand axes/);
      }
      const worst = await worstOverGestures(page);
      console.log(`${c.file}: worst segment angle ${worst.angle.toFixed(4)}° (${worst.where})`);
      expect(worst.angle, worst.where).toBeLessThan(2);
      // it faces +Z as kblend does: the left hand at +X in the T-pose bind's side
      const wave = await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
      const shown = await characterAt(page, midHold(wave));
      expect(shown.character.joints[3 * 20]).toBeGreaterThan(shown.character.joints[3 * 21]);
      await app(page, () => window.kblendApp.view('front'));
      await characterAt(page, midHold(wave));
      await page
        .locator('#stage')
        .screenshot({ path: `${SCREENSHOTS}byo-user-${c.file.replace('.', '-')}-wave.png` });
    });
  }

  it('logged no error', () => {
    expect(opened.log.errors).toEqual([]);
  });
});
