// The clap check and the body-contact overlay in the browser: the clap table
// is the clap's only; it judges the open phase, where every hold frame
// passes with and without IK, and says "contact" when the palms meet; the
// contact overlay marks nothing on the library's gestures at mid-hold and
// marks a forearm forced through the chest.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { CONTACT_LINE_COLOR } from '../../web/viewer/stage/clap-overlay.js';
import { SCREENSHOTS, app, launchBrowser, midHold, openPage } from './browser.js';

let kb;
let browser;
let opened;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  kb = await loadKBlend();
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1100, height: 760 });
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

describe('the clap check', () => {
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
      // nothing in the hold is shown as a failure; outside it (the attack
      // and release) the pose is judged as it is
      expect(frames.filter((f) => f.phase !== 'blend' && f.verdict === 'fail')).toEqual([]);
      expect(frames.filter((f) => f.phase === 'blend').length).toBeGreaterThan(0);
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
