// <kblend-preview>'s API on a plain page (import map, no build): a gesture
// file by `src` on the page's origin (and one elsewhere refused), the
// `controls` bar and its sliders, seek / currentTime / events, a bad
// attribute's notice, a link's custom gesture (cg=), and reduced motion
// (the mid-hold pose, still, until a click).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { encodeGestureBlob } from '../../web/link/gesture-blob.js';
import { launchBrowser } from './browser.js';
import { serveSources } from './static-server.js';

let browser;
let server;
let kb;
beforeAll(async () => {
  [browser, server, kb] = await Promise.all([launchBrowser(), serveSources(), loadKBlend()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function blankPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/tests/e2e/pages/element-blank.html`);
  await page.waitForFunction(() => customElements.get('kblend-preview'));
  return { page, context, errors };
}

// Adds an element with these attributes and waits for `ready` or `error`.
const addElement = (page, attributes) =>
  page.evaluate(
    (attrs) =>
      new Promise((resolve) => {
        const el = document.createElement('kblend-preview');
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
        const done = (kind, e) =>
          resolve({
            kind,
            notices: e.detail?.notices ?? [],
            params: el.params,
            notice: el.shadowRoot.querySelector('.notice').textContent,
          });
        el.addEventListener('ready', (e) => done('ready', e), { once: true });
        el.addEventListener('error', (e) => done('error', e), { once: true });
        document.body.append(el);
      }),
    attributes,
  );

describe('<kblend-preview> API', () => {
  let page;
  let context;
  let errors;
  beforeAll(async () => {
    ({ page, context, errors } = await blankPage());
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await context.close();
  });

  it('src: a gesture file on the same origin; another origin is refused with a notice', async () => {
    const ok = await addElement(page, { src: '/web/gestures/shrug.json', attack: '0.3' });
    expect(ok.kind).toBe('ready');
    expect(ok.params).toMatchObject({ gesture: 'shrug', attack: 0.3 });
    const far = await addElement(page, { src: 'https://example.com/wave.json' });
    expect(far.kind).toBe('error');
    expect(far.notice).toContain("is not on this page's origin");
    const missing = await addElement(page, { src: '/web/gestures/nope.json' });
    expect(missing.kind).toBe('error');
    expect(missing.notice).toContain('answered 404');
  });

  it('a bad attribute: notice and error, the value repaired as the link would', async () => {
    const bad = await addElement(page, { gesture: 'wave', attack: 'lots', lambda: '500' });
    expect(bad.kind).toBe('error');
    expect(bad.notices).toEqual([
      "a='lots' is not a number; using the default 0.15",
      "lam='500' is outside [0.5, 120]; clamped to 120",
    ]);
    expect(bad.params).toMatchObject({ attack: 0.15, lambda: 120 });
    const character = await addElement(page, { character: 'robot' });
    expect(character.notice).toContain("character='robot' is not offered");
  });

  it('a link with a custom gesture (cg=) shows that gesture', async () => {
    const file = JSON.parse(readFileSync(new URL('../../web/gestures/wave.json', import.meta.url)));
    const custom = kb.parseGesture({ ...file, name: 'my_wave' });
    const link = `#v=1&g=my_wave&a=0.2&cg=${encodeGestureBlob(custom)}`;
    const read = await addElement(page, { link });
    expect(read.kind).toBe('ready');
    expect(read.params).toMatchObject({ gesture: 'my_wave', attack: 0.2 });
  });

  it('seek, currentTime, play and pause, timeupdate; the controls bar and its sliders', async () => {
    const result = await page.evaluate(async () => {
      document.body.replaceChildren();
      const el = document.createElement('kblend-preview');
      el.setAttribute('gesture', 'clap');
      el.setAttribute('controls', 'attack release epsilon');
      document.body.append(el);
      await new Promise((r) => el.addEventListener('ready', r, { once: true }));
      let updates = 0;
      el.addEventListener('timeupdate', () => updates++);
      el.seek(1.25);
      const seeked = el.currentTime;
      el.currentTime = 99; // clamped to the clip
      const clamped = el.currentTime;
      el.currentTime = 0.5;
      el.play();
      await new Promise((r) => setTimeout(r, 600));
      el.pause();
      const played = el.currentTime;
      await new Promise((r) => setTimeout(r, 300));
      const still = el.currentTime === played;
      const bar = el.shadowRoot.querySelector('.bar');
      const sliders = Array.from(bar.querySelectorAll('input[type=range]'), (i) =>
        i.getAttribute('aria-label'),
      );
      const attack = bar.querySelector('input[aria-label=attack]');
      attack.value = '0.4';
      attack.dispatchEvent(new Event('change'));
      const epsilon = bar.querySelector('input[aria-label=epsilon]');
      epsilon.value = '-2'; // log10: 0.01 rad
      epsilon.dispatchEvent(new Event('change'));
      return {
        seeked,
        clamped,
        duration: el.duration,
        played,
        still,
        updates,
        sliders,
        attack: el.attack,
        attribute: el.getAttribute('attack'),
        epsilon: el.epsilon,
      };
    });
    expect(result.seeked).toBe(1.25);
    expect(result.clamped).toBe(result.duration);
    expect(result.played).toBeGreaterThan(0.5);
    expect(result.still).toBe(true);
    expect(result.updates).toBeGreaterThan(3);
    expect(result.sliders).toEqual(['time', 'attack', 'release', 'epsilon']);
    expect(result.attack).toBe(0.4);
    expect(result.attribute).toBe('0.4');
    expect(result.epsilon).toBe(0.01);
  });
});

describe('<kblend-preview> with prefers-reduced-motion', () => {
  it('shows the mid-hold pose, still, and plays on click', async () => {
    const { page, context, errors } = await blankPage({ reducedMotion: 'reduce' });
    const read = await addElement(page, {
      gesture: 'wave',
      attack: '0.2',
      release: '0.2',
      autoplay: '',
    });
    expect(read.kind).toBe('ready');
    const before = await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 500));
      const el = document.querySelector('kblend-preview');
      return { t: el.currentTime, paused: el.paused };
    });
    expect(before).toEqual({ t: 1.5, paused: true }); // (0.2 + 0.8) / 2 × 3 s
    await page.locator('kblend-preview').click();
    await page.waitForFunction(() => document.querySelector('kblend-preview').currentTime !== 1.5);
    expect(await page.evaluate(() => document.querySelector('kblend-preview').paused)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
