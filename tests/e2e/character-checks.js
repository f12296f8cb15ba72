// Helpers of the user-character tests: load a character file through the
// page's picker, read what it shows, and compare its segments with
// kblend's forward kinematics.
import { app } from './browser.js';

// Sets the file on the character picker and waits for its outcome.
export async function loadCharacterFile(page, path, name) {
  await page.locator('#character-file').setInputFiles(path);
  await page.waitForFunction(
    (n) => {
      const s = window.kblendApp.characterStatus();
      return s.state !== 'working' && s.message.includes(n);
    },
    name,
    { timeout: 30000 },
  );
  return app(page, () => window.kblendApp.characterStatus());
}

// What the page shows at time t: the pose, root, character (its joints in
// world metres), clap check and clap arrows.
export const characterAt = (page, t) =>
  app(
    page,
    async (time) => {
      await window.kblendApp.seek(time);
      const c = window.kblendApp.character();
      return {
        pose: Array.from(window.kblendApp.pose()),
        root: window.kblendApp.root(),
        character: { ...c, joints: Array.from(c.jointWorldPositions()) },
        check: window.kblendApp.clapCheck(),
        arrows: window.kblendApp.clapOverlay(),
      };
    },
    t,
  );

// The largest angle (degrees) between the character's segments (joint to
// parent) and kblend's FK of the same pose, over the joints both have.
export function worstSegmentAngle(kb, shown) {
  const fk = kb.forwardKinematics(Float32Array.from(shown.pose), shown.root).positions;
  const { parents } = kb.skeleton;
  const j = shown.character.joints;
  let worst = 0;
  for (let i = 1; i < 22; i++) {
    const p = parents[i];
    const a = [0, 1, 2].map((c) => j[3 * i + c] - j[3 * p + c]);
    const b = [0, 1, 2].map((c) => fk[3 * i + c] - fk[3 * p + c]);
    const dot = a.reduce((s, v, c) => s + v * b[c], 0);
    const angle = Math.acos(Math.min(1, dot / (Math.hypot(...a) * Math.hypot(...b))));
    worst = Math.max(worst, angle);
  }
  return (worst * 180) / Math.PI;
}

// The limbs: consecutive joints the character has along each chain (the
// trunk and neck, each arm from its collar, each leg); joints it lacks
// (NaN positions) are stepped over, as its bones are.
const CHAINS = [
  ['pelvis', 'spine1', 'spine2', 'spine3', 'neck', 'head'],
  ...['left_', 'right_'].flatMap((s) => [
    ['collar', 'shoulder', 'elbow', 'wrist'].map((n) => s + n),
    ['hip', 'knee', 'ankle', 'foot'].map((n) => s + n),
  ]),
];

// The largest angle (degrees) between the character's limbs and kblend's
// FK of the same pose, for characters without a bone for every joint.
export function worstLimbAngle(kb, shown) {
  const fk = kb.forwardKinematics(Float32Array.from(shown.pose), shown.root).positions;
  const { names } = kb.skeleton;
  const j = shown.character.joints;
  const has = (n) => !Number.isNaN(j[3 * names.indexOf(n)]);
  let worst = 0;
  for (const chain of CHAINS) {
    const bound = chain.filter(has);
    for (let i = 0; i + 1 < bound.length; i++) {
      const [p, c] = [names.indexOf(bound[i]), names.indexOf(bound[i + 1])];
      const a = [0, 1, 2].map((k) => j[3 * c + k] - j[3 * p + k]);
      const b = [0, 1, 2].map((k) => fk[3 * c + k] - fk[3 * p + k]);
      const dot = a.reduce((s, v, k) => s + v * b[k], 0);
      worst = Math.max(worst, Math.acos(Math.min(1, dot / (Math.hypot(...a) * Math.hypot(...b)))));
    }
  }
  return (worst * 180) / Math.PI;
}
