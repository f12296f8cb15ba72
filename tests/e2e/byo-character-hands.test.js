// A user's character of another height, with hands of its own: a
// Mixamo-named GLB generated here, 1.45 m tall, with finger and thumb
// bones whose palms face forward at its T-pose rest (other hand axes than
// kblend's). Its markers are derived from those bones; "solve with IK"
// solves the clap at its height with its hands, so the clap rules hold on
// the character itself (its palms face each other, its thumbs point up);
// the clap arrows sit on its hands.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend, rotateVector as rotate } from '../../web/lib/kblend.js';
import { turnWrists } from '../../web/viewer/clips/turn-wrists.js';
import { expectedHandAxes } from '../fixtures/characters/hand-bones.js';
import { mixamoGlb } from '../fixtures/characters/mixamo-glb.js';
import { SCREENSHOTS, app, launchBrowser, openPage } from './browser.js';
import { characterAt, loadCharacterFile } from './character-checks.js';

const HEIGHT = 1.45; // the generator's; the model's box comes out shorter
const ROLL = -Math.PI / 2; // palms forward, thumbs up at rest
const WRIST = { left: 20, right: 21 };
const DEG = 180 / Math.PI;

let kb;
let browser;
let opened;
let scratch;
let glbPath;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-hands-'));
  kb = await loadKBlend();
  const { glb } = await mixamoGlb(kb, { height: HEIGHT, hands: { roll: ROLL } });
  glbPath = join(scratch, 'short_hero.glb');
  writeFileSync(glbPath, Buffer.from(glb));
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const angle = (a, b) =>
  Math.acos(Math.min(1, dot(a, b) / Math.hypot(...a) / Math.hypot(...b))) * DEG;
// Times of the hold whose clap phase is 'open' (the hands held apart).
async function openTimes(page, params) {
  const times = [];
  const from = params.attack * params.duration;
  const to = (1 - params.release) * params.duration;
  for (let k = 0; k <= 40; k++) {
    const t = from + ((to - from) * k) / 40;
    const { check } = await characterAt(page, t);
    if (check.phase === 'open') times.push(t);
  }
  return times;
}

describe('a character with its own hands and size', () => {
  it('loads with markers derived from its finger and thumb bones', async () => {
    const { page } = opened;
    expect((await loadCharacterFile(page, glbPath, 'short_hero.glb')).state).toBe('done');
    const { character } = await characterAt(page, 0);
    expect(character.name).toBe('short_hero.glb');
    expect(character.clapHeight).toBeCloseTo(character.height, 6);
    // the model's box (its legs are shorter than kblend's proportions)
    expect(character.height).toBeGreaterThan(1.1);
    expect(character.height).toBeLessThan(1.5);
    for (const side of ['left', 'right']) {
      const hand = character.hands[side];
      const expected = expectedHandAxes(side, { roll: ROLL });
      expect(hand.source).toBe('fingers and thumb');
      expect(angle(hand.palmNormal, expected.palmNormal)).toBeLessThan(2);
      expect(angle(hand.thumb, expected.thumb)).toBeLessThan(2);
    }
    expect(character.hands.notes).toEqual([]);
  });

  it('solves the clap by IK at its height with its hands: every rule holds on the character', async () => {
    const { page } = opened;
    const params = await app(page, () => window.kblendApp.setParams({ gesture: 'clap', ik: true }));
    const solve = await app(page, () => window.kblendApp.ikSolve());
    expect(solve).toMatchObject({ ok: true, converged: true });
    const times = await openTimes(page, params);
    expect(times.length).toBeGreaterThan(5);
    const { character } = await characterAt(page, times[0]);
    const corrections = {
      left: character.hands.left.correction,
      right: character.hands.right.correction,
    };
    for (const t of times) {
      const shown = await characterAt(page, t);
      const height = shown.character.clapHeight;
      // the core's check with the character's hands at its height
      const report = kb.validateClap(turnWrists(shown.pose, corrections), { height });
      expect(report.ok, `t = ${t.toFixed(3)}: ${JSON.stringify(report)}`).toBe(true);
      expect(shown.check.verdict).toMatch(/pass/i);
      // kblend's own hand axes on this pose would not pass: the solve used the model's
      expect(kb.validateClap(shown.pose, { height }).ok).toBe(false);
      // on the model itself: the arrows, read from its hand bones
      const p = shown.arrows.parts;
      expect(dot(p.leftPalm.direction, p.rightPalm.direction)).toBeLessThan(-0.9);
      expect(p.leftThumb.direction[1]).toBeGreaterThan(0.9);
      expect(p.rightThumb.direction[1]).toBeGreaterThan(0.9);
      const wrists = Math.hypot(...[0, 1, 2].map((c) => p.wrists.to[c] - p.wrists.from[c]));
      console.log(
        `t = ${t.toFixed(2)}: the model's wrists ${wrists.toFixed(3)} m apart, palms ` +
          `${dot(p.leftPalm.direction, p.rightPalm.direction).toFixed(3)}, thumbs ` +
          `${p.leftThumb.direction[1].toFixed(3)} / ${p.rightThumb.direction[1].toFixed(3)}; ` +
          `check: ${report.separation.toFixed(3)} m, palms ${report.palmDot.toFixed(3)}`,
      );
    }
  });

  it('draws the clap arrows on the character’s hands, along its palm normals and thumbs', async () => {
    const { page } = opened;
    const params = await app(page, () => window.kblendApp.params);
    const [t] = await openTimes(page, params);
    const shown = await characterAt(page, t);
    const { parts, visible } = shown.arrows;
    expect(visible).toBe(true);
    const fk = kb.forwardKinematics(Float32Array.from(shown.pose), shown.root, {
      height: shown.character.clapHeight,
    });
    for (const side of ['left', 'right']) {
      const j = WRIST[side];
      const wrist = shown.character.joints.slice(3 * j, 3 * j + 3);
      const palm = parts[`${side}Palm`];
      const thumb = parts[`${side}Thumb`];
      // on the model's hand: a few cm from its wrist bone
      const fromWrist = Math.hypot(...palm.origin.map((v, c) => v - wrist[c]));
      expect(fromWrist).toBeGreaterThan(0.02);
      expect(fromWrist).toBeLessThan(0.08);
      const lineEnd = parts.wrists[side === 'left' ? 'from' : 'to'];
      lineEnd.forEach((v, c) => expect(v).toBeCloseTo(wrist[c], 6));
      // directions: kblend's wrist rotation on the model's own axes
      const q = Array.from(fk.rotations.subarray(4 * j, 4 * j + 4));
      const hand = shown.character.hands[side];
      expect(angle(palm.direction, rotate(q, hand.palmNormal))).toBeLessThan(2);
      expect(angle(thumb.direction, rotate(q, hand.thumb))).toBeLessThan(2);
    }
    await app(page, () => window.kblendApp.view('front'));
    await characterAt(page, t);
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-user-hands-clap.png` });
    // closer, as a person would zoom in on the hands (scroll on the stage)
    const stage = await page.locator('#stage canvas').boundingBox();
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height * 0.45);
    for (let k = 0; k < 8; k++) await page.mouse.wheel(0, -200);
    await characterAt(page, t);
    await page
      .locator('#stage')
      .screenshot({ path: `${SCREENSHOTS}byo-user-hands-clap-close.png` });
    expect(opened.log.errors).toEqual([]);
  });
});
