// A/B: "hold as B" freezes the tuning shown; the live tuning (A) keeps
// playing as the solid figure and B plays beside it on the same spot as a
// translucent ghost, at the same time, with B's envelope drawn over A's in
// the plot. The share link carries B as `b=` (web/link/share-link.js).
import { createGhostRig } from '../reference/ghost-rig.js';
import { B_COLOUR } from '../readouts/envelope-plot.js';
import { parseShareHash, serializeB } from '../../link/share-link.js';

/**
 * @param {object} o
 * @param {object} o.kb  the loaded library
 * @param {object} o.sources  the clip sources (params → createPreview options)
 * @param {object} o.stage  the scene (the ghost is added to it)
 * @param {object} o.plot  the envelope plot (setOverlay)
 * @param {number} o.height  body height, m
 */
export function createAbCompare({ kb, sources, stage, plot, height }) {
  const ghost = createGhostRig(kb, height, parseInt(B_COLOUR.slice(1), 16));
  stage.scene.add(ghost.root);
  let held = null; // B's params
  let preview = null;

  function clear() {
    preview?.dispose();
    preview = null;
    held = null;
    ghost.setVisible(false);
    plot.setOverlay(null);
  }

  // Freeze these params as B; a tuning the library refuses leaves B as it was.
  function hold(params) {
    const next = kb.createPreview(sources.previewOptions(params));
    preview?.dispose();
    preview = next;
    held = { ...params };
    ghost.setVisible(true);
    plot.setOverlay({ ...held, duration: next.duration });
  }

  return {
    hold,
    clear,
    get held() {
      return held && { ...held };
    },
    // B's pose at the clip time t (its own clip clamped at its ends)
    setTime(t) {
      if (!preview) return;
      const at = Math.min(Math.max(t, 0), preview.duration);
      ghost.applyPose(preview.evaluate(at), preview.root(at));
    },
    // the link's `b=` part ('' with no B); an imported clip cannot travel
    linkPart: (shareable) => (held ? serializeB(shareable(held)) : ''),
    // B from a link (read as the rest of it); a link without b= clears B.
    // Returns the reason when the library refused B's values.
    openFromHash(hash, context) {
      const { b } = parseShareHash(hash, context);
      if (!b) {
        clear();
        return null;
      }
      try {
        hold(b);
        return null;
      } catch (error) {
        clear();
        return error.message;
      }
    },
    describe: () => ({
      held: held && { ...held },
      ghostVisible: ghost.visible,
      ghostColour: `#${ghost.material.color.getHexString()}`,
      duration: preview?.duration ?? null,
    }),
  };
}
