// The clap check and the body-contact overlay in the browser: the clap table
// is the clap's only; it judges the open phase only, where every hold frame
// passes with and without IK, says "contact" when the palms meet and shows
// no red outside the open phase (the first screen's attack included), while
// a pose failing in the open phase is red; the clap arrows turned off stay
// off when the clap is chosen again; the contact overlay marks nothing on
// the library's gestures at mid-hold and marks a forearm forced through the
// chest.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { CONTACT_LINE_COLOR, FAIL_COLOR } from '../../web/viewer/stage/clap-overlay.js';
import {
  SCREENSHOTS,
  app,
  field,
  launchBrowser,
  midHold,
  openFolder,
  openPage,
  setNumber,
} from './browser.js';

let kb;
let browser;
let opened;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  kb = await loadKBlend();
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1100, height: 760, playing: true });
});

afterAll(async () => {
  await browser?.close();
});

// Every frame time of the clip whose clap check phase is 'open', with the
// verdict the page shows there.
const openFrames = (page) =>
  app(page, async () => {
    const hook = window.kblendApp;
    const { duration } = hook.params;
    const seen = [];
    for (let k = 0; k * (1 / 30) <= duration; k++) {
      await hook.seek(k / 30);
      const check = hook.clapCheck();
      seen.push({ t: hook.time, ...check });
    }
    return seen;
  });

// What the clap check shows on the page now: the phase, the verdict's
// text, the rows marked as failing (red), the verdict's colour and the clap
// arrows' parts drawn red; installed in the page as readClapShown(), so a
// loop there can read every frame.
const RED = 'rgb(229, 83, 75)'; // --fail
const installClapReader = (page) =>
  app(
    page,
    (fail) => {
      window.readClapShown = () => {
        const hook = window.kblendApp;
        const verdict = document.querySelector('#readouts .clap-check tr:last-child .value');
        const parts = hook.clapOverlay().parts ?? {};
        return {
          t: hook.time,
          phase: hook.clapCheck().phase,
          verdict: verdict.textContent,
          failRows: document.querySelectorAll('#readouts .clap-check tr.fail').length,
          verdictRed: getComputedStyle(verdict).color === fail.css,
          redArrows: Object.values(parts).filter((p) => p.color === fail.hex).length,
        };
      };
    },
    { css: RED, hex: FAIL_COLOR },
  );
const shownCheck = (page) => app(page, () => window.readClapShown());

describe('the clap check', () => {
  it('on the first screen, playing the clap, shows no red outside the open phase', async () => {
    const { page } = opened;
    const params = await app(page, () => window.kblendApp.params);
    expect(params.gesture).toBe('clap');
    expect(await app(page, () => window.kblendApp.playing)).toBe(true);
    // every frame drawn from a press of Home (the attack's start, playing
    // on) to past the hold's second open phase
    const until = params.attack * params.duration + 1.3;
    // at ¼ speed, so that even a slow machine draws several attack frames
    await openFolder(page, 'playback');
    await setNumber(page, 'playback speed', 0.25);
    await installClapReader(page);
    await app(
      page,
      (until) => {
        window.clapFrames = new Promise((resolve) => {
          const seen = [];
          let last = window.kblendApp.time;
          let from = null; // the first frame after Home
          const started = performance.now();
          const sample = () => {
            const shown = window.readClapShown();
            if (from === null && shown.t < last) from = seen.length;
            seen.push(shown);
            last = shown.t;
            const done = from !== null && shown.t >= until;
            if (done || performance.now() - started > 45000)
              resolve(seen.slice(from ?? seen.length));
            else requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        });
      },
      until,
    );
    await page.keyboard.press('Home');
    const frames = await app(page, () => window.clapFrames);
    await setNumber(page, 'playback speed', 1);
    const attack = frames.filter((f) => f.t < params.attack * params.duration - 1e-3);
    expect(attack.length).toBeGreaterThan(1); // a slow machine draws few frames
    for (const f of attack) {
      expect(f, `t = ${f.t}`).toMatchObject({ phase: 'blend', verdict: 'not judged now' });
    }
    // no red anywhere outside the judged window: not the verdict, no row, no arrow
    const outside = frames.filter((f) => f.phase !== 'open');
    expect(outside.filter((f) => f.failRows > 0 || f.verdictRed || f.redArrows > 0)).toEqual([]);
    for (const f of outside) expect(['blend', 'moving', 'contact']).toContain(f.phase);
    expect(outside.some((f) => f.phase === 'moving')).toBe(true);
    // the open phases drawn (a slow machine may skip their 0.2 s) pass
    for (const f of frames.filter((g) => g.phase === 'open')) {
      expect(f.verdict, `t = ${f.t}`).toBe('pass');
    }
    // in the attack, paused, for the picture
    await page.keyboard.press('Space');
    await app(page, (t) => window.kblendApp.seek(t), 0.3);
    expect(await shownCheck(page)).toMatchObject({ phase: 'blend', failRows: 0, redArrows: 0 });
    await page.locator('#readouts').screenshot({ path: `${SCREENSHOTS}clap-check-attack.png` });
    await page.screenshot({ path: `${SCREENSHOTS}clap-check-attack-page.png` });
  });

  it('a pose failing in the open phase is red, arrows and all', async () => {
    const { page } = opened;
    // a strong jitter on the target, set in the panel: some open-phase frames fail
    await openFolder(page, 'clip');
    await setNumber(page, 'jitter σ (rad)', 0.2);
    expect(await app(page, () => window.kblendApp.params.jitter)).toBe(0.2);
    const { duration } = await app(page, () => window.kblendApp.params);
    const failing = [];
    for (let k = 0; k * (1 / 30) <= duration && failing.length < 3; k++) {
      await app(page, (t) => window.kblendApp.seek(t), k / 30);
      const shown = await shownCheck(page);
      if (shown.phase === 'open' && shown.verdict === 'fail') failing.push(shown);
      // still nothing red outside the open phase
      if (shown.phase !== 'open')
        expect(shown.failRows + shown.redArrows, `t = ${shown.t}`).toBe(0);
    }
    expect(failing.length).toBeGreaterThan(0);
    for (const f of failing) {
      expect(f.verdictRed, `t = ${f.t}`).toBe(true);
      expect(f.failRows).toBeGreaterThan(1); // a rule's row and the verdict
      expect(f.redArrows).toBeGreaterThan(0);
    }
    await app(page, (t) => window.kblendApp.seek(t), failing[0].t);
    await page.locator('#readouts').screenshot({ path: `${SCREENSHOTS}clap-check-open-fail.png` });
    await setNumber(page, 'jitter σ (rad)', 0);
  });

  it('clap arrows turned off stay off when the clap is chosen again, and back on when turned on', async () => {
    const { page } = opened;
    const arrows = field(page, 'checkbox', 'clap arrows');
    const gesture = field(page, 'combobox', 'gesture');
    const shown = async () => ({
      box: await arrows.isChecked(),
      drawn: (await app(page, () => window.kblendApp.clapOverlay())).visible,
    });
    expect(await gesture.inputValue()).toBe('clap');
    expect(await shown()).toEqual({ box: true, drawn: true }); // on the first time
    await arrows.uncheck();
    expect(await shown()).toEqual({ box: false, drawn: false });
    await gesture.selectOption('wave');
    expect(await shown()).toEqual({ box: false, drawn: false });
    await gesture.selectOption('clap');
    expect(await shown()).toEqual({ box: false, drawn: false }); // the user's choice kept
    await arrows.check();
    expect(await shown()).toEqual({ box: true, drawn: true });
    await gesture.selectOption('wave'); // off for the other gestures, as before
    expect(await shown()).toEqual({ box: false, drawn: false });
    await gesture.selectOption('clap');
    expect(await shown()).toEqual({ box: true, drawn: true });
  });

  it('passes on every open-phase hold frame with and without IK, and says contact at the contact', async () => {
    const { page } = opened;
    for (const ik of [false, true]) {
      await app(page, (on) => window.kblendApp.setParams({ gesture: 'clap', ik: on }), ik);
      const frames = await openFrames(page);
      const open = frames.filter((f) => f.phase === 'open');
      expect(open.length, `ik ${ik}`).toBeGreaterThanOrEqual(20);
      for (const f of open) expect(f.verdict, `ik ${ik}, t = ${f.t}`).toBe('pass');
      const contact = frames.filter((f) => f.phase === 'contact');
      expect(contact.length).toBeGreaterThan(10);
      for (const f of contact) expect(f.verdict, `ik ${ik}, t = ${f.t}`).toBe('contact');
      // the clap arrows' wrist line is neutral there, not red
      await app(page, (t) => window.kblendApp.seek(t), contact[0].t);
      const wrists = (await app(page, () => window.kblendApp.clapOverlay())).parts.wrists;
      expect(wrists).toMatchObject({ judged: false, color: CONTACT_LINE_COLOR });
      // nothing outside the open phase is shown as a failure: in the
      // attack and release the check says it does not judge
      expect(frames.filter((f) => f.phase !== 'open' && f.verdict === 'fail')).toEqual([]);
      const blend = frames.filter((f) => f.phase === 'blend');
      expect(blend.length).toBeGreaterThan(0);
      for (const f of blend) expect(f.verdict, `t = ${f.t}`).toBe('not judged now');
      expect(frames.every((f) => f.shown)).toBe(true);
    }
    await page.locator('#readouts').screenshot({ path: `${SCREENSHOTS}clap-check.png` });
  });

  it('is hidden for every other gesture', async () => {
    const { page } = opened;
    const names = await app(page, () => window.kblendApp.gestureNames());
    for (const gesture of names.filter((n) => n !== 'clap')) {
      await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      expect(await page.locator('.clap-check').isHidden(), gesture).toBe(true);
      expect(await app(page, () => window.kblendApp.clapCheck().phase), gesture).toBeNull();
    }
    await app(page, () => window.kblendApp.setParams({ gesture: 'clap' }));
    expect(await page.locator('.clap-check').isVisible()).toBe(true);
  });
});

describe('the body-contact overlay', () => {
  it('marks nothing on the library gestures at mid-hold, and a forced contact in red', async () => {
    const { page } = opened;
    const overlay = () => app(page, () => window.kblendApp.contactOverlay());
    expect((await overlay()).visible).toBe(false); // off by default
    await page.getByRole('checkbox', { name: 'body contacts' }).check();
    expect((await overlay()).visible).toBe(true);
    const names = await app(page, () => window.kblendApp.gestureNames());
    for (const gesture of names) {
      const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      await app(page, (t) => window.kblendApp.seek(t), midHold(params));
      expect(await overlay(), gesture).toMatchObject({ visible: true, contacts: [], shells: 0 });
    }
    // the left forearm swung through the chest
    const DEG = Math.PI / 180;
    const pose = Array.from(kb.idlePose(1.18));
    const set = (name, degrees) =>
      pose.splice(
        4 * kb.skeleton.names.indexOf(name),
        4,
        ...kb.quatFromEuler(degrees.map((d) => d * DEG)),
      );
    set('left_shoulder', [0, -100, -80]);
    set('left_elbow', [0, -150, 0]);
    await app(page, (p) => window.kblendApp.showPose(p), pose);
    const forced = await overlay();
    const expected = kb.bodyContacts(Float32Array.from(pose)).filter((c) => c.depth > 0.005);
    expect(forced.contacts.map((c) => [c.a, c.b])).toEqual(expected.map((c) => [c.a, c.b]));
    expect(forced.contacts.flatMap((c) => [c.a, c.b])).toContain('torso');
    expect(forced.shells).toBeGreaterThan(1);
    await app(page, () => window.kblendApp.view('front'));
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}body-contacts-forced.png` });
    // the overlay's switch hides it; the next seek shows the clip again
    await page.getByRole('checkbox', { name: 'body contacts' }).uncheck();
    expect((await overlay()).visible).toBe(false);
    expect(opened.log.errors).toEqual([]);
  });
});
