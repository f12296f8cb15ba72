// Custom gestures in the browser: a gesture file loaded by text, picker or
// drop; its share link (cg=, docs/design.md §8b) reproduces the pose bit for bit in a
// fresh page; hostile blobs open the defaults with a notice and run nothing;
// a gesture too large for a link says so. The cases share one page; a link
// opened at load gets a page of its own.
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, openAuthoring, openPage, pasteLink, poseAt } from './browser.js';

let browser;
let shared;
beforeAll(async () => {
  browser = await launchBrowser();
  shared = await openPage(browser);
});
afterAll(async () => {
  await browser?.close();
});

const TILT = {
  name: 'tilt',
  description: 'head tilt and a raised right arm',
  duration: 2.5,
  timeUnit: 'hold',
  keyframes: [
    { time: 0, rotations: { head: [0, 0, 17.25], right_shoulder: [0, 10, 40.125] } },
    { time: 1, rotations: { head: [0, 0, -9.5], right_shoulder: [0, -5, 55.3] } },
  ],
};
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const blobOf = (text) => `1.${b64url(deflateRawSync(Buffer.from(text, 'utf8')))}`;
// markup in a description would run if it were ever inserted as HTML
const MARKUP = '<img src=x onerror="window.__ran=1">';

describe('custom gestures', () => {
  it('a loaded gesture plays, and its link reproduces the pose bit for bit in a fresh page', async () => {
    const first = shared;
    const name = await app(
      first.page,
      (text) => window.kblendApp.loadGesture(text),
      JSON.stringify(TILT),
    );
    expect(name).toBe('tilt');
    const shown = await app(first.page, async () => {
      const a = window.kblendApp;
      a.setParams({ attack: 0.3, epsilon: 0.003, jitter: 0.02, seed: 11 });
      await a.seek(1.2345);
      return { params: a.params, pose: Array.from(a.pose()) };
    });
    expect(shown.params.gesture).toBe('custom: tilt');
    expect(shown.params.duration).toBe(2.5);
    await first.page.waitForFunction(() => location.hash.includes('t=1.2345'));
    const hash = await app(first.page, () => location.hash);
    expect(hash).toMatch(/&cg=1\.[A-Za-z0-9_-]+/);
    // the gesture's own pose: not the idle one
    const idle = await poseAt(first.page, 0);
    expect(shown.pose).not.toEqual(idle);

    const second = await openPage(browser, hash);
    const restored = await app(second.page, () => ({
      params: window.kblendApp.params,
      time: window.kblendApp.time,
      pose: Array.from(window.kblendApp.pose()),
      notices: window.kblendApp.notices,
      names: window.kblendApp.gestureNames(),
    }));
    expect(restored.notices).toEqual([]);
    expect(restored.params).toEqual(shown.params);
    expect(restored.time).toBe(1.2345);
    expect(restored.pose).toEqual(shown.pose);
    // the picker offers it
    const options = await second.page
      .locator('[data-param="gesture"] select option')
      .allTextContents();
    expect(options).toContain('custom: tilt');
    expect(first.log.errors).toEqual([]);
    expect(second.log.errors).toEqual([]);
    await second.context.close();
  });

  it('a bad gesture is refused with the file, keyframe, joint and value, and nothing changes', async () => {
    const { page, log } = shared;
    const before = await app(page, () => window.kblendApp.params);
    const bad = {
      ...TILT,
      keyframes: [TILT.keyframes[0], { time: 1, rotations: { head: [0, 400, 0] } }],
    };
    const message = await app(
      page,
      (text) =>
        window.kblendApp.loadGesture(text).then(
          () => 'accepted',
          (e) => e.message,
        ),
      JSON.stringify(bad),
    );
    expect(message).toMatch(
      /^gesture file "gesture\.json": keyframe 1, joint "head" angle y .*got 400$/,
    );
    expect(await app(page, () => window.kblendApp.params)).toEqual(before);
    expect(log.errors).toEqual([]);
  });

  it('loads a gesture file from the picker (accept .json) and by drop, and shows a bad file’s error', async () => {
    const { page } = shared;
    // a library gesture shown, and no notice of a load yet
    await app(page, () => window.kblendApp.setParams({ gesture: 'clap' }));
    expect(await page.locator('#notice').textContent()).not.toContain('Loaded the gesture');
    const input = page.locator('#gesture-file');
    expect((await input.getAttribute('accept')).split(',')).toContain('.json');
    await openAuthoring(page);
    await page.locator('.lil-gui button', { hasText: 'load gesture JSON…' }).waitFor();
    await input.setInputFiles({
      name: 'my tilt (1).json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(TILT)),
    });
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: tilt');
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toContain('Loaded the gesture "tilt"');
    // a drop on the page goes the same way (a .json file is a gesture, not BVH)
    const wave = { ...TILT, name: 'dropped', keyframes: [TILT.keyframes[1]] };
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true }));
      }
    }, JSON.stringify(wave));
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: dropped');
    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"name":"b","duration":1,"keyframes":[{"time":0,"rotations":{"tail":[0,0,0]}}]}',
      ),
    });
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toMatch(
        /Could not load broken\.json[\s\S]*"broken\.json": keyframe 0, joint "tail" is not a kblend joint/,
      );
    expect(await app(page, () => window.kblendApp.params.gesture)).toBe('custom: dropped');
  });

  const good = blobOf(JSON.stringify(TILT));
  const HOSTILE = [
    [
      'bomb',
      `1.${b64url(deflateRawSync(Buffer.alloc(5e6, 32), { level: 9 }))}`,
      /inflates past 65536 bytes/,
    ],
    ['bad base64', '1.%3Cscript%3E', /not base64url/],
    ['wrong version', good.replace(/^1\./, '9.'), /version "9" is not supported/],
    ['bad JSON', blobOf('{"name": "tilt", "dur'), /not valid JSON/],
    [
      'bad values',
      blobOf(JSON.stringify({ ...TILT, duration: -3 })),
      /"duration" must be .* got -3/,
    ],
    ['too long', `1.${'A'.repeat(9000)}`, /past the limit of 8192/],
    [
      'markup and an unknown key',
      blobOf(JSON.stringify({ ...TILT, description: MARKUP, onload: MARKUP })),
      /unknown key "onload"/,
    ],
  ];
  const hostileLink = (blob) => `v=1&g=custom%3A%20tilt&a=0.4&cg=${blob}`;
  const shownState = (page) =>
    app(page, () => ({
      params: window.kblendApp.params,
      notices: window.kblendApp.notices,
      ran: window.__ran ?? null,
      images: document.querySelectorAll('img').length,
      noticeShown: !document.getElementById('notice').hidden,
      notice: document.getElementById('notice').textContent,
    }));
  function expectRefused(state, reason, log) {
    expect(state.params.gesture).toBe('clap');
    expect(state.params.attack).toBe(0.15);
    expect(state.notices).toHaveLength(1);
    expect(state.notices[0]).toMatch(reason);
    expect(state.notices[0]).toMatch(/opened the defaults$/);
    expect(state.noticeShown).toBe(true);
    expect(state.notice).toContain('custom gesture was refused');
    expect(state.ran).toBeNull();
    expect(state.images).toBe(0);
    expect(log.errors).toEqual([]);
    expect(log.dialogs).toEqual([]);
  }

  // A page of its own: the link opened at load, the path the pasted ones
  // below do not take.
  it('a hostile blob in a link opened at load opens the defaults with a notice and runs nothing', async () => {
    const [, blob, reason] = HOSTILE.at(-1); // markup and an unknown key
    const { page, context, log } = await openPage(browser, `#${hostileLink(blob)}`);
    const state = await shownState(page);
    const defaults = await app(page, () => {
      history.replaceState(null, '', '#');
      return null;
    });
    expect(defaults).toBeNull();
    expectRefused(state, reason, log);
    await context.close();
  });

  it.each(HOSTILE)(
    'a hostile blob (%s) pasted opens the defaults with a notice and runs nothing',
    async (_, blob, reason) => {
      const { page, log } = shared;
      // another gesture and attack shown, through a clean link (it hides the notice)
      await pasteLink(page, 'v=1&g=wave&a=0.4');
      expect(await app(page, () => window.kblendApp.params)).toMatchObject({
        gesture: 'wave',
        attack: 0.4,
      });
      expect(await page.locator('#notice').isHidden()).toBe(true);
      await pasteLink(page, hostileLink(blob));
      expectRefused(await shownState(page), reason, log);
    },
  );

  it('a gesture too large for a link says so and offers the file instead', async () => {
    const { page } = shared;
    // 400 keyframes of random angles: far past 8 KB however well it deflates
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 340 - 170;
    const big = {
      name: 'big',
      duration: 4,
      keyframes: Array.from({ length: 400 }, (_, k) => ({
        time: k / 100,
        rotations: { head: [rand(), rand(), rand()], left_elbow: [rand(), rand(), rand()] },
      })),
    };
    await app(page, (text) => window.kblendApp.loadGesture(text), JSON.stringify(big));
    await page.locator('.lil-gui button', { hasText: 'copy link' }).click();
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toMatch(/more than the 8192 a link may carry/);
    expect(await page.locator('#notice').textContent()).toContain('save gesture JSON');
    expect(await app(page, () => location.hash)).not.toContain('cg=');
  });
});
