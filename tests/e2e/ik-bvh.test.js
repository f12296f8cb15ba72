// The viewer's IK features in the browser: the clap solved by IK passes the
// clap rules at mid-hold, the clap arrows take their colours from the rules,
// and a BVH file imported through the file picker plays as the gesture,
// while broken, NaN and oversized files leave everything as it was.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { FAIL_COLOR, NEUTRAL_COLOR, PASS_COLOR } from '../../web/viewer/stage/clap-overlay.js';
import { LINK_NOTE } from '../../web/viewer/clips/clip-sources.js';
import { SCREENSHOTS, app, launchBrowser, midHold, openPage, poseAt } from './browser.js';

const OUT = SCREENSHOTS;
const FIXTURE = fileURLToPath(new URL('../fixtures/walk_mocap_cm.bvh', import.meta.url));
const CLIP = 'bvh: walk_mocap_cm.bvh';

let kb;
let browser;
let opened;
let scratch;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-bvh-'));
  kb = await loadKBlend();
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1100, height: 760 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const overlay = (page) => app(page, () => window.kblendApp.clapOverlay());
const noticeText = (page) => page.locator('#notice').innerText();

// Each part of the overlay follows its rule of the clap check, in colour
// too where the phase is judged; while the hands move between the clap's
// phases nothing is judged and every part is neutral (red only for a rule
// that fails where it applies).
function expectOverlayFollows(drawn, report, phase = 'open') {
  const rules = {
    leftPalm: report.rules.palms,
    rightPalm: report.rules.palms,
    leftThumb: report.rules.thumbLeft,
    rightThumb: report.rules.thumbRight,
    wrists: report.rules.separation && report.rules.ordered,
  };
  for (const [part, ok] of Object.entries(rules)) {
    expect(drawn.parts[part].ok, part).toBe(ok);
    const colour = phase === 'moving' ? NEUTRAL_COLOR : ok ? PASS_COLOR : FAIL_COLOR;
    expect(drawn.parts[part].color, part).toBe(colour);
  }
}

// The largest angle between two poses' joints, rad.
function worstAngle(a, b) {
  let worst = 0;
  for (let j = 0; j < 22; j++) {
    const d = kb.geodesicAngle(a.subarray(4 * j, 4 * j + 4), b.subarray(4 * j, 4 * j + 4));
    worst = Math.max(worst, d);
  }
  return worst;
}

async function pickFile(page, path) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'import BVH…' }).click();
  await (await chooser).setFiles(path);
}

describe('solve with IK and the clap arrows', () => {
  it('the IK switch makes the clap pass every rule at mid-hold, and the arrows turn green', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.pause());
    const params = await app(page, () => window.kblendApp.params);
    expect(params).toMatchObject({ gesture: 'clap', ik: false });
    const t = midHold(params);

    const authored = Float32Array.from(await poseAt(page, t));
    const before = kb.validateClap(authored);
    expect(before.ok).toBe(false); // mid-hold falls between the clap's phases
    expect(await app(page, () => window.kblendApp.clapCheck())).toMatchObject({
      phase: 'moving',
      verdict: 'hands moving',
    });
    let drawn = await overlay(page);
    expect(drawn.visible).toBe(true); // on by default for the clap
    expectOverlayFollows(drawn, before, 'moving');
    expect(await page.locator('.ik-readout').isHidden()).toBe(true);

    await page.getByRole('checkbox', { name: 'solve with IK' }).check();
    expect(await app(page, () => window.kblendApp.params.ik)).toBe(true);
    await page.waitForFunction(() => location.hash.includes('ik=1'));
    const solve = await app(page, () => window.kblendApp.ikSolve());
    expect(solve).toMatchObject({ ok: true, converged: true });
    const readout = page.locator('.ik-readout');
    expect(await readout.isVisible()).toBe(true);
    expect(await readout.innerText()).toContain(`${solve.iterations}`);

    // the solved clap, judged in its open phase: the loop's first 0.2 s
    // nearest mid-hold
    const clap = kb.getGesture('clap');
    const open = Math.floor(t / clap.period) * clap.period + clap.keyframes[1].time / 2;
    const solved = Float32Array.from(await poseAt(page, open));
    const after = kb.validateClap(solved);
    expect(after.ok).toBe(true);
    expect(after.separation).toBeCloseTo(0.17, 2);
    expect(await app(page, () => window.kblendApp.clapCheck())).toEqual({
      shown: true,
      phase: 'open',
      verdict: 'pass',
    });
    drawn = await overlay(page);
    expectOverlayFollows(drawn, after);
    // and it still claps: in the contact phase the palms meet
    const contactTime =
      open + (clap.keyframes[2].time + clap.keyframes[3].time) / 2 - (open % clap.period);
    const contact = kb.validateClap(Float32Array.from(await poseAt(page, contactTime)));
    expect(contact.separation).toBeLessThan(0.06);
    expect(contact.palmDot).toBeLessThan(-0.9);
    expect(await app(page, () => window.kblendApp.clapCheck().verdict)).toBe('contact');
    await poseAt(page, open);

    for (const view of ['front', 'threeQuarter']) {
      await app(page, (v) => window.kblendApp.view(v), view);
      await page.locator('#stage').screenshot({ path: `${OUT}clap-ik-arrows-${view}.png` });
    }
  });

  it('the switch is the clap’s: hidden for other gestures, kept in the link', async () => {
    const { page } = opened;
    const ikBox = page.getByRole('checkbox', { name: 'solve with IK' });
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    expect(await ikBox.isHidden()).toBe(true);
    expect((await overlay(page)).visible).toBe(false); // arrows off for other gestures
    expect(await app(page, () => window.kblendApp.ikSolve())).toBeNull();
    await app(page, () => window.kblendApp.setParams({ gesture: 'clap' }));
    expect(await ikBox.isChecked()).toBe(true);
    expect((await overlay(page)).visible).toBe(true);
    // the arrows' toggle
    await page.getByRole('checkbox', { name: 'clap arrows' }).uncheck();
    expect((await overlay(page)).visible).toBe(false);
    await page.getByRole('checkbox', { name: 'clap arrows' }).check();
    // a link with ik=1 opens the solved clap
    const link = await app(page, () => location.hash);
    const second = await openPage(browser, link);
    expect(await second.page.evaluate(() => window.kblendApp.params.ik)).toBe(true);
    expect(await second.page.evaluate(() => window.kblendApp.ikSolve().ok)).toBe(true);
    await second.context.close();
  });
});

describe('BVH import', () => {
  it('imports the fixture through the file picker and plays it', async () => {
    const { page } = opened;
    await pickFile(page, FIXTURE);
    await page.waitForFunction((name) => window.kblendApp.params.gesture === name, CLIP);
    const params = await app(page, () => window.kblendApp.params);
    expect(params.duration).toBeCloseTo(2.967, 3);
    expect(await app(page, () => window.kblendApp.gestureNames())).toContain(CLIP);
    expect(await page.locator('.lil-gui select').first().inputValue()).toBe(CLIP);
    // the summary is in the import strip (over the scene, which it does not resize)
    const text = await page.locator('#import-bar').innerText();
    expect(text).toContain('Imported walk_mocap_cm.bvh.');
    expect(text).toContain('90 frames at 30.0 fps');
    expect(text).toContain('Joints of the file not used: LeftHandIndex1, RightHandIndex1.');
    expect(text).toContain(LINK_NOTE);
    // the link stays valid: it carries the tuning and the default gesture
    await page.waitForFunction(() => /(^|&|#)g=clap(&|$)/.test(location.hash));

    // it plays: the pose changes over time while the clock runs
    await app(page, () => window.kblendApp.play());
    const sample = () =>
      app(page, () => ({ t: window.kblendApp.time, pose: Array.from(window.kblendApp.pose()) }));
    const samples = [await sample()];
    for (let i = 0; i < 2; i++) {
      // the next sample once the clock has moved on by a few frames
      await page.waitForFunction(
        (t) => Math.abs(window.kblendApp.time - t) > 0.1,
        samples.at(-1).t,
      );
      samples.push(await sample());
    }
    expect(new Set(samples.map((s) => s.t)).size).toBe(3);
    expect(samples[1].pose).not.toEqual(samples[0].pose);
    expect(samples[2].pose).not.toEqual(samples[1].pose);
    // as captured by default: the file's own first and last frames, and
    // the page says so beside the switch
    const file = kb.importBvh(readFileSync(FIXTURE, 'utf8'));
    const frame = (k) => file.track.rotations.subarray(88 * k, 88 * k + 88);
    const shape = page.getByRole('checkbox', { name: 'shape with the envelope' });
    const note = page.locator('.shaping-note');
    expect(await shape.isVisible()).toBe(true);
    expect(await shape.isChecked()).toBe(false);
    expect(await note.innerText()).toContain('plays as captured');
    const first = Float32Array.from(await poseAt(page, 0));
    expect(worstAngle(first, frame(0))).toBeLessThan(1e-5);
    // the end: a paused time keeps the link's 4 decimals, so the page shows
    // the capture at that time, as the library plays it
    const end = Float32Array.from(await poseAt(page, file.duration));
    const shownAt = await app(page, () => window.kblendApp.time);
    const captured = kb.createPreview({ track: file.track });
    expect(worstAngle(end, captured.evaluate(shownAt))).toBeLessThan(1e-5);
    expect(worstAngle(captured.evaluate(file.duration), frame(file.frames - 1))).toBeLessThan(1e-5);
    captured.dispose();
    // a click on the switch: through the envelope, idle at the start, the
    // walk in the hold, and the sliders work on it
    await shape.click();
    await page.waitForFunction(() =>
      document.querySelector('.shaping-note')?.textContent.includes('shaped with the envelope'),
    );
    expect(await shape.isChecked()).toBe(true);
    const idle = Float32Array.from(await poseAt(page, 0));
    expect(Array.from(idle)).toEqual(Array.from(kb.idlePose(params.apose)));
    const walking = Float32Array.from(await poseAt(page, midHold(params)));
    expect(kb.geodesicAngle(walking.subarray(4, 8), idle.subarray(4, 8))).toBeGreaterThan(0.05);
    await app(page, () => window.kblendApp.setParams({ attack: 0.4 }));
    const slower = await poseAt(page, 0.4);
    await app(page, () => window.kblendApp.setParams({ attack: 0.15 }));
    expect(slower).not.toEqual(await poseAt(page, 0.4));
    // and back: as captured again
    await shape.click();
    await page.waitForFunction(() =>
      document.querySelector('.shaping-note')?.textContent.includes('plays as captured'),
    );
    expect(worstAngle(Float32Array.from(await poseAt(page, 0)), frame(0))).toBeLessThan(1e-5);
    // a library gesture has no such switch
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    expect(await shape.isVisible()).toBe(false);
    expect(await note.isVisible()).toBe(false);
    await app(page, (name) => window.kblendApp.setParams({ gesture: name }), CLIP);

    await app(page, () => window.kblendApp.view('threeQuarter'));
    await poseAt(page, midHold(params));
    await page.locator('#stage').screenshot({ path: `${OUT}bvh-walk.png` });
  });

  it('imports a file dropped on the page, marking the stage while it is dragged', async () => {
    const { page } = opened;
    const text = readFileSync(FIXTURE, 'utf8');
    const marked = await page.evaluate((content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'dropped.bvh'));
      const fire = (type) =>
        window.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      fire('dragenter');
      fire('dragover');
      const during = document.querySelector('#stage').classList.contains('drop-target');
      fire('drop');
      const after = document.querySelector('#stage').classList.contains('drop-target');
      return { during, after };
    }, text);
    expect(marked).toEqual({ during: true, after: false });
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'bvh: dropped.bvh');
    expect(await app(page, () => window.kblendApp.gestureNames())).toEqual(
      expect.arrayContaining([CLIP, 'bvh: dropped.bvh']),
    );
  });

  it('a truncated, NaN or oversized file shows the reason and changes nothing', async () => {
    const { page } = opened;
    const text = readFileSync(FIXTURE, 'utf8');
    const truncated = join(scratch, 'truncated.bvh');
    writeFileSync(truncated, text.slice(0, text.lastIndexOf('\n', text.length * 0.6) + 1));
    const lines = text.split('\n');
    const frame = lines.findIndex((line) => line.startsWith('Frame Time')) + 5;
    lines[frame] = lines[frame].replace(/^\S+/, 'NaN');
    const nan = join(scratch, 'nan.bvh');
    writeFileSync(nan, lines.join('\n'));
    const huge = join(scratch, 'huge.bvh');
    writeFileSync(huge, '');
    truncateSync(huge, 51 * 1024 * 1024); // sparse: costs no disk

    const cases = [
      [
        truncated,
        /truncated\.bvh, line \d+: Frames: 90 is declared but only \d+ frame lines follow/,
      ],
      [
        nan,
        /nan\.bvh, line \d+: frame 4, channel 0 \(Hips Xposition\) must be a decimal number, got "NaN"/,
      ],
      [huge, /huge\.bvh is 51\.0 MB, larger than the 50\.0 MB limit; it was not read/],
    ];
    await app(page, () => window.kblendApp.pause());
    const params = await app(page, () => window.kblendApp.params);
    const pose = await poseAt(page, 1.2);
    await page.waitForFunction(() => location.hash.endsWith('&t=1.2'));
    const hash = await app(page, () => location.hash);
    for (const [path, message] of cases) {
      await pickFile(page, path);
      const title = `Could not import ${basename(path)}; nothing was changed:`;
      await page.waitForFunction(
        (expected) => document.querySelector('#notice .notice-title').textContent === expected,
        title,
      );
      expect(await noticeText(page)).toMatch(message);
      expect(await app(page, () => window.kblendApp.params)).toEqual(params);
      expect(await poseAt(page, 1.2)).toEqual(pose);
      await page.waitForTimeout(300); // past the link's debounce
      expect(await app(page, () => location.hash)).toBe(hash);
      await page.locator('#notice .notice-close').click();
    }
    expect(await app(page, () => window.kblendApp.gestureNames())).not.toContain(
      'bvh: truncated.bvh',
    );
    expect(opened.log.errors).toEqual([]);
  });
});
