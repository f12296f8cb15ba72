// The sweep grid in the browser: a grid of rigs on the crowd path with its
// axes labelled by the swept values, a rig's values and figures on hover, a
// click taking them into the panel, every rig on a floor tile, the cell
// matching the panel outlined and labelled as the panel changes, and the
// sweep in the share link.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_COLOR, TILE } from '../../web/viewer/sweep/sweep-floor.js';
import { launchBrowser, openPage, pasteLink, setNumber } from './browser.js';

const SHOTS = 'test-results/screenshots';
let browser;
let shared; // opened with the first case's link; the later ones paste theirs

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const sweep = (page) => page.evaluate(() => window.kblendApp.sweep());
const canvasBox = (page) => page.locator('#stage canvas').first().boundingBox();

// The colour drawn at each point (CSS px of the canvas): a PNG of the
// canvas decoded in the page, the most saturated pixel of a 3 × 3 patch.
async function coloursAt(page, points) {
  const png = await page.locator('#stage canvas').first().screenshot();
  return page.evaluate(
    async ({ base64, points }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const scale = image.width / document.querySelector('#stage canvas').clientWidth;
      return points.map(({ x, y }) => {
        let best = [0, 0, 0];
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const d = context.getImageData(
              Math.round(x * scale) + dx,
              Math.round(y * scale) + dy,
              1,
              1,
            ).data;
            const spread = (c) => Math.max(...c) - Math.min(...c);
            if (spread([d[0], d[1], d[2]]) > spread(best)) best = [d[0], d[1], d[2]];
          }
        return best;
      });
    },
    { base64: png.toString('base64'), points },
  );
}
const isBlue = ([r, , b]) => b - r > 25; // the body's tint
const isOrange = ([r, , b]) => r - b > 40; // the hovered rig's
// the marked cell's tile: the mark's yellow, darkened
const MARK = [16, 8, 0].map((shift) => (MARK_COLOR >> shift) & 0xff);
const isMarked = (c) => c.every((v, i) => Math.abs(v - 0.75 * MARK[i]) < 40);
// a plain tile: grey, lighter than the stage's background (0x181b20)
const isTile = (c) => !isMarked(c) && c[0] > 0x28 && Math.max(...c) - Math.min(...c) < 30;

// Every rig stands on its own tile: the tile's top at its feet, both feet
// over it; and the point just under its feet is drawn in the tile's colour.
async function expectRigsOnTiles(page, grid) {
  for (const [i, cell] of grid.cells.entries()) {
    const [x, y, z] = cell.floor;
    for (const foot of cell.feet) {
      expect(foot[1] - y, `rig ${i}: foot above its tile`).toBeGreaterThan(0);
      expect(foot[1] - y, `rig ${i}: foot on its tile`).toBeLessThan(0.15);
      expect(Math.abs(foot[0] - x), `rig ${i}`).toBeLessThan(TILE.width / 2);
      expect(Math.abs(foot[2] - z), `rig ${i}`).toBeLessThan(TILE.depth / 2);
    }
  }
  const colours = await coloursAt(
    page,
    grid.cells.map((c) => ({ x: c.floorAt.x, y: c.floorAt.y + 1 })),
  );
  colours.forEach((c, i) => {
    const marked = i === grid.panel?.marked;
    expect(marked ? isMarked(c) : isTile(c), `tile under rig ${i}: ${c}`).toBe(true);
  });
}

describe('sweep grid', () => {
  it('labels the axes with the swept values, shows a rig on hover and takes it on click', async () => {
    shared = await openPage(browser, '#v=1&g=wave&sw=attack-release&sws=5');
    const { page, log } = shared;
    await page.evaluate(() => window.kblendApp.seek(0.45)); // in the attack: the rigs differ
    const grid = await sweep(page);
    expect(grid.on).toBe(true);
    expect(grid.count).toBe(25);
    expect(grid.labels.titles).toEqual(['attack', 'release']);
    expect(grid.labels.columns).toEqual(['0.05', '0.15', '0.25', '0.35', '0.45']);
    expect(grid.labels.rows).toEqual(['0.05', '0.15', '0.25', '0.35', '0.45']);
    // the labels are on the page, as text
    const shown = await page.$$eval('.sweep-col', (els) => els.map((e) => e.textContent));
    expect(shown).toEqual(grid.labels.columns);
    // each rig has its own values, and the deadband's figures differ between them
    expect(new Set(grid.cells.map((c) => JSON.stringify(c.values))).size).toBe(25);
    expect(grid.cells.every((c) => c.updates > 0)).toBe(true);
    // the panel's attack 0.15 and release 0.2: the nearest cell, row 0.25
    // (0.2 lies halfway, nearer 0.25 in floating point), column 0.15
    expect(grid.panel).toMatchObject({ col: 1, row: 2, exact: false, marked: 11 });
    expect(grid.panel.label).toBe('nearest the panel’s tuning');
    await page.waitForTimeout(200); // the tiles drawn
    await expectRigsOnTiles(page, grid);
    // the stage's floor, under one rig only, is set aside
    expect(await page.evaluate(() => window.kblendApp.floorShown())).toBe(false);

    const box = await canvasBox(page);
    const target = grid.cells[7]; // row 1, column 2
    await page.mouse.move(box.x + target.at.x, box.y + target.at.y);
    await page.waitForFunction(() => window.kblendApp.sweep().tip !== null);
    const tip = (await sweep(page)).tip;
    expect(tip).toContain('attack 0.25');
    expect(tip).toContain('release 0.15');
    expect(tip).toMatch(/joint updates over the clip: \d+/);
    await page.locator('#stage').screenshot({ path: `${SHOTS}/sweep-attack-release.png` });

    await page.mouse.click(box.x + target.at.x, box.y + target.at.y);
    await page.waitForFunction(() => window.kblendApp.params.attack === 0.25);
    const params = await page.evaluate(() => window.kblendApp.params);
    expect(params.release).toBe(0.15);
    expect((await sweep(page)).sweep).toBe('attack-release'); // the grid stays
    const attackField = page.getByRole('textbox', { name: 'attack', exact: true });
    expect(Number(await attackField.inputValue())).toBe(0.25);
    // the rig clicked is the panel's now: marked, and labelled so
    let taken = await sweep(page);
    expect(taken.panel).toMatchObject({ index: 7, exact: true, marked: 7 });
    expect(taken.panel.label).toBe('panel’s tuning');
    expect(await page.locator('.sweep-mark').innerText()).toBe('panel’s tuning');
    // a value typed into the panel moves the mark, the grid kept
    await setNumber(page, 'attack', 0.45);
    await page.waitForFunction(() => window.kblendApp.sweep().panel?.index === 9);
    taken = await sweep(page);
    expect(taken.panel).toMatchObject({ col: 4, row: 1, exact: true, marked: 9 });
    await setNumber(page, 'attack', 0.28);
    await page.waitForFunction(() => window.kblendApp.sweep().panel?.exact === false);
    expect((await sweep(page)).panel).toMatchObject({ col: 2, row: 1, marked: 7 });
    expect(await page.locator('.sweep-mark').innerText()).toBe('nearest the panel’s tuning');
    await page.mouse.move(box.x - 5, box.y + 5); // off the stage: no tooltip over the tiles
    await page.waitForFunction(() => window.kblendApp.sweep().tip === null);
    await page.waitForTimeout(200);
    await page.locator('#stage').screenshot({ path: `${SHOTS}/sweep-floor-marked.png` });
    await expectRigsOnTiles(page, await sweep(page));

    // on a rig's body: the ray names the member, its instances turn orange
    const onBody = (await sweep(page)).cells[18]; // row 3, column 3
    await page.mouse.move(box.x + onBody.body.x, box.y + onBody.body.y);
    await page.waitForFunction(() => window.kblendApp.sweep().hovered === 18);
    const hovered = await sweep(page);
    expect(hovered.hoveredBy).toBe('ray');
    expect(hovered.tip).toContain('attack 0.35');
    expect(hovered.tip).toContain('release 0.35');
    await page.waitForTimeout(200); // the tint drawn
    const [under, other] = await coloursAt(page, [onBody.body, hovered.cells[17].body]);
    expect(isOrange(under)).toBe(true);
    expect(isBlue(other)).toBe(true);
    await page.mouse.click(box.x + onBody.body.x, box.y + onBody.body.y);
    await page.waitForFunction(() => window.kblendApp.params.attack === 0.35);
    expect((await page.evaluate(() => window.kblendApp.params)).release).toBe(0.35);
    expect(log.errors).toEqual([]);
  });

  it('round-trips through the share link, and off gives the single rig back', async () => {
    const { page, log } = shared;
    await pasteLink(page, 'v=1&g=clap&sw=epsilon-lambda&sws=3&t=0.9');
    await page.waitForFunction(() => location.hash.includes('sw=epsilon-lambda'));
    const hash = await page.evaluate(() => location.hash);
    expect(hash).toContain('sws=3');
    const first = await sweep(page);
    expect(first.labels.titles).toEqual(['epsilon (rad)', 'lambda (1/s)']);
    expect(first.count).toBe(9);
    // the same link in a new page (a page of its own: the link read at
    // load): the same grid
    const again = await openPage(browser, hash);
    const second = await sweep(again.page);
    expect(second.labels).toEqual(first.labels);
    expect(second.cells.map((c) => c.values)).toEqual(first.cells.map((c) => c.values));
    expect(second.sweep).toBe('epsilon-lambda');
    expect(second.size).toBe('3');
    // a hostile value, pasted there, shows no grid, with a notice
    await pasteLink(again.page, 'v=1&sw=%3Cimg%3E&sws=99');
    expect((await sweep(again.page)).on).toBe(false);
    const notices = await again.page.evaluate(() => window.kblendApp.notices);
    expect(notices.join('\n')).toMatch(/sw='<img>' is not one of/);
    expect(again.log.errors).toEqual([]);
    await again.context.close();
    // off: the single rig again
    await page.evaluate(() => window.kblendApp.setParams({ sweep: 'off' }));
    expect((await sweep(page)).on).toBe(false);
    await page.waitForFunction(() => location.hash.includes('sw=off'));
    expect(await page.locator('.sweep-col').count()).toBe(3); // kept, hidden
    expect(await page.locator('.sweep-labels').isHidden()).toBe(true);
    expect(await page.locator('.sweep-mark').isHidden()).toBe(true);
    expect(await page.evaluate(() => window.kblendApp.floorShown())).toBe(true);
    expect(log.errors).toEqual([]);
  });

  it('shows 10 × 10 rigs on the crowd path', async () => {
    const { page, log } = shared;
    // the pointer off the stage, as at load: no rig hovered
    const box = await canvasBox(page);
    await page.mouse.move(box.x - 5, box.y + 5);
    await pasteLink(page, 'v=1&g=wave&sw=jitter-epsilon&sws=10');
    await page.evaluate(() => window.kblendApp.seek(1.5));
    const grid = await sweep(page);
    expect(grid.count).toBe(100);
    expect(grid.labels.columns).toHaveLength(10);
    expect(grid.labels.rows).toHaveLength(10);
    expect(grid.frameMs).toBeGreaterThan(0);
    await page.waitForTimeout(200);
    // every rig drawn (none culled): its chest is in the body's colour
    const colours = await coloursAt(
      page,
      grid.cells.map((c) => c.body),
    );
    expect(colours.filter(isBlue).length).toBe(100);
    await page.locator('#stage').screenshot({ path: `${SHOTS}/sweep-10x10.png` });
    expect(log.errors).toEqual([]);
  });
});
