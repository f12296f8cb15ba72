// Hostile share links (issue 9): every key at and beyond its limits, NaN,
// huge values, markup, repeated keys and a 1 MB hash. Each, pasted into one
// open page in turn, leaves it working — it renders, window.kblendApp
// answers, nothing stopped — with the repairs in a notice, and nothing from
// the link inserted as HTML. A link opened at load takes the same parser
// (share-link.js) and is tested here too (repeated keys).
import { deflateSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, pasteLink, showLink } from './browser.js';

let browser;
let shared; // one page the table's links are pasted into, one after another
beforeAll(async () => {
  browser = await launchBrowser();
  shared = await openPage(browser);
});
afterAll(async () => {
  await browser?.close();
});

// The viewer's limits (web/link/params.js), as a link may hold them.
const LIMITS = {
  a: [0, 1],
  r: [0, 1],
  eps: [1e-5, 0.1],
  lam: [0.5, 120],
  dur: [0.5, 20],
  jit: [0, 0.2],
  seed: [0, 99999],
  apose: [0, 1.5708],
};
const PARAM_OF = {
  a: 'attack',
  r: 'release',
  eps: 'epsilon',
  lam: 'lambda',
  dur: 'duration',
  jit: 'jitter',
  seed: 'seed',
  apose: 'apose',
};
const MARKUP = encodeURIComponent(
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
);

// Every key of the link in one hash, each with the value given by `value`.
const allKeys = (value) =>
  Object.entries(LIMITS)
    .map(([key, range]) => `${key}=${value(key, range)}`)
    .join('&');
const CHOICES = ['g', 'shape', 'fol', 'cmp', 'jnt', 'ik'];

// A custom-gesture blob (cg=1.…) of the given JSON text: raw deflate,
// base64url without padding, as the viewer writes them.
const blobOf = (text) =>
  `1.${Buffer.from(deflateSync(new TextEncoder().encode(text), { level: 9 })).toString('base64url')}`;
// Nesting that inflates inside the 64 KB limit from a link of ~120 characters:
// it once froze the page (20,000 levels) or exhausted it (65,000).
const DEEP_LINKS = [
  `v=1&cg=${blobOf('['.repeat(20000) + ']'.repeat(20000))}`,
  `v=1&cg=${blobOf('['.repeat(32000) + ']'.repeat(32000))}`,
  `v=1&cg=${blobOf('['.repeat(65000))}`,
  `v=1&cg=${blobOf('{"a":'.repeat(10000) + '0' + '}'.repeat(10000))}`,
];

// [hash, whether a notice is due]; every key at and beyond its limits, NaN,
// huge, markup, repeated keys, and a 1 MB hash
const TABLE = [
  // at the limits: a + r ≤ 1 holds with one ratio at each end
  [`v=1&${allKeys((k, [min]) => min)}&t=0`, false],
  [`v=1&${allKeys((k, [, max]) => (k === 'r' ? 0 : max))}&t=20`, false],
  [`v=1&${allKeys((k, [min, max]) => (k === 'a' ? 0 : max))}`, false],
  // beyond them, and not numbers at all
  [`v=1&${allKeys((k, [, max]) => max * 10 + 1)}&t=1e308`, true],
  [`v=1&${allKeys((k, [min]) => min - 1)}&t=-1`, true],
  [`v=1&${allKeys(() => 'NaN')}&t=NaN`, true],
  [`v=1&${allKeys(() => '1e999')}&t=-1e999`, true],
  [`v=1&${allKeys(() => MARKUP)}&t=${MARKUP}`, true],
  [`v=1&${allKeys(() => '0x10')}`, true],
  [`v=1&${CHOICES.map((k) => `${k}=${MARKUP}`).join('&')}`, true],
  [`v=${MARKUP}&a=0.3`, true],
  // the A-pose values that once stopped the viewer (the last three are
  // within the limit and open without a repair)
  ['v=1&apose=5', true],
  ['v=1&apose=1.5708', false],
  ['v=1&apose=1.57079', false],
  ['v=1&apose=1.5707963267948966', false],
  // repeated keys, many times over
  [`v=1&${allKeys((k, [min]) => min)}&${allKeys((k, [, max]) => max)}&g=wave&g=salute`, true],
  [`v=1&${'a=0.5&'.repeat(300)}r=0.1`, true],
  [`v=1&x=${'y'.repeat(1 << 20)}`, true],
  ...DEEP_LINKS.map((hash) => [hash, true]),
];

async function inspect(page) {
  return page.evaluate(async () => {
    const hook = window.kblendApp;
    await hook.ready;
    const pose = Array.from(hook.pose());
    await hook.seek(hook.params.duration / 2);
    return {
      pwned: window.__pwned,
      injected: document.querySelectorAll('img, iframe, object, embed, script:not([src])').length,
      fatal: !document.getElementById('fatal').hidden,
      notice: !document.getElementById('notice').hidden,
      noticeText: document.getElementById('notice').textContent,
      notices: hook.notices,
      params: hook.params,
      time: hook.time,
      pose,
      readyMs: hook.stats().readyMs,
    };
  });
}

describe('hostile share links', () => {
  it(`each of ${TABLE.length} links keeps the page working with a notice, nothing inserted`, async () => {
    const { page, log } = shared;
    for (const [hash, noticeDue] of TABLE) {
      const label = hash.length > 80 ? `${hash.slice(0, 80)}… (${hash.length} chars)` : hash;
      await pasteLink(page, hash);
      const state = await inspect(page);
      expect(state.fatal, label).toBe(false);
      expect(state.readyMs, label).not.toBeNull(); // it rendered
      expect(state.pwned, label).toBeUndefined();
      expect(state.injected, label).toBe(0);
      expect(state.pose, label).toHaveLength(88);
      expect(state.pose.every(Number.isFinite), label).toBe(true);
      for (const [key, [min, max]] of Object.entries(LIMITS)) {
        const value = state.params[PARAM_OF[key]];
        expect(value, `${label}: ${key}`).toBeGreaterThanOrEqual(min);
        expect(value, `${label}: ${key}`).toBeLessThanOrEqual(max);
      }
      expect(state.params.attack + state.params.release, label).toBeLessThanOrEqual(1);
      expect(state.notice, label).toBe(noticeDue);
      expect(state.notices.length > 0, label).toBe(noticeDue);
      if (noticeDue) expect(state.noticeText, label).toMatch(/repaired/);
      expect(log.errors, label).toEqual([]);
      expect(log.dialogs, label).toEqual([]);
    }
  }, 180000);

  it('a deeply nested custom gesture is refused at the nesting limit, naming depth and limit', async () => {
    const refusal =
      /custom gesture was refused \(custom gesture of the link: nesting reaches depth 65 at character \d+; at most 64 levels are allowed\)/;
    for (const hash of DEEP_LINKS) expect(hash.length).toBeLessThan(200);
    // the first opened in a page of its own: a link at load takes the load path
    const fresh = await openPage(browser, `#${DEEP_LINKS[0]}`);
    const { notices, gesture } = await fresh.page.evaluate(async () => {
      await window.kblendApp.ready;
      return { notices: window.kblendApp.notices, gesture: window.kblendApp.params.gesture };
    });
    expect(notices.join(' ')).toMatch(refusal);
    expect(gesture).toBe('clap'); // the default
    expect(fresh.log.errors).toEqual([]);
    await fresh.context.close();
    // each, pasted over another gesture, opens the defaults with the same reason
    const { page, log } = shared;
    for (const hash of DEEP_LINKS) {
      await showLink(page, 'v=1&g=wave');
      expect(await page.evaluate(() => window.kblendApp.params.gesture)).toBe('wave');
      await showLink(page, hash);
      const pasted = await page.evaluate(() => ({
        notices: window.kblendApp.notices,
        gesture: window.kblendApp.params.gesture,
      }));
      expect(pasted.notices.join(' ')).toMatch(refusal);
      expect(pasted.gesture).toBe('clap'); // the default
    }
    expect(log.errors).toEqual([]);
  }, 60000);

  it('a deeply nested gesture file is refused the same way, naming file, depth and limit', async () => {
    const { page, log } = shared;
    await showLink(page, 'v=1'); // the defaults
    for (const [name, text] of [
      ['deep.json', '['.repeat(65000) + ']'.repeat(65000)],
      ['deep_objects.json', '{"a":'.repeat(100000) + '0' + '}'.repeat(100000)],
    ]) {
      await page.locator('#gesture-file').setInputFiles({
        name,
        mimeType: 'application/json',
        buffer: Buffer.from(text),
      });
      await expect
        .poll(() => page.locator('#notice').innerText())
        .toMatch(
          new RegExp(
            `Could not load ${name.replace('.', '\\.')}; nothing was changed:\\s+gesture file "${name.replace('.', '\\.')}": nesting reaches depth 65 at character \\d+; at most 64 levels are allowed`,
          ),
        );
    }
    expect(await page.evaluate(() => window.kblendApp.params.gesture)).toBe('clap');
    expect(log.errors).toEqual([]);
  }, 60000);

  // A page of its own: the link is opened at load, the path the table's
  // pasted links do not take.
  it('reports repeated keys and the final clamped value', async () => {
    const { page, context } = await openPage(browser, '#v=1&g=wave&g=salute&a=2&r=0.2');
    const { notices, params } = await page.evaluate(() => ({
      notices: window.kblendApp.notices,
      params: window.kblendApp.params,
    }));
    expect(params).toMatchObject({ gesture: 'wave', attack: 0.8333, release: 0.1667 });
    expect(notices).toContain("'g' appears 2 times in the link; using the first, 'wave'");
    expect(notices).toContain("a='2' is outside [0, 1]; clamped to 0.8333");
    await context.close();
  });

  it('the A-pose slider at its own maximum keeps the page running', async () => {
    const { page, log } = shared;
    await showLink(page, 'v=1'); // the defaults
    await page.locator('.lil-gui .lil-title', { hasText: 'clip' }).click(); // unfold
    const slider = page
      .locator('.lil-controller', { hasText: 'A-pose angle' })
      .locator('.lil-slider');
    await slider.waitFor({ state: 'visible' });
    await page.waitForTimeout(400); // the folder's opening transition
    await slider.scrollIntoViewIfNeeded(); // the panel scrolls, as a person would
    const box = await slider.boundingBox();
    // dragged past its right end: the slider's own maximum, 90°
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 200, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const state = await page.evaluate(() => ({
      apose: window.kblendApp.params.apose,
      fatal: !document.getElementById('fatal').hidden,
      error: document.querySelector('.error-note').hidden
        ? ''
        : document.querySelector('.error-note').textContent,
    }));
    expect(state).toEqual({ apose: 1.5708, fatal: false, error: '' });
    expect(await page.evaluate(() => window.kblendApp.pose().length)).toBe(88);
    expect(log.errors).toEqual([]);
  });

  it('a refused value from the test hook is an error note, the page keeps running', async () => {
    const { page } = shared;
    await showLink(page, 'v=1&g=wave');
    const outcome = await page.evaluate(() => {
      try {
        window.kblendApp.setParams({ attack: Number.NaN });
        return 'accepted';
      } catch (error) {
        return error.message;
      }
    });
    expect(outcome).toMatch(/attack/);
    expect(await page.locator('.error-note').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.kblendApp.params.gesture)).toBe('wave');
    expect(await page.locator('#fatal').isHidden()).toBe(true);
  });
});
