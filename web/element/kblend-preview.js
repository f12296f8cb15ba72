// <kblend-preview>: a small, live, tunable gesture preview for any page.
// Its tuning attributes are the share link's (read by the link's parser);
// properties of the same names stay in step with them. Every element of
// the page shares one WebAssembly module (loadKBlend, once), one WebGL
// renderer (shared-stage.js) and one frame loop that visits only the
// elements in view. A refused or repaired value shows a small notice in the
// element and fires `error`; nothing is thrown into the page.
import { loadKBlend } from 'kblend';
import { midHoldTime, useLibrary } from '../link/index.js';
import { createControlsBar, sliderNames } from './controls-bar.js';
import { frameStats, unwatch, wake, watch } from './frame-loop.js';
import { TUNING_ATTRIBUTES, previewOptions, readTuning } from './preview-attributes.js';
import { drawFigure, drawnFigure, sharedStageInfo } from './shared-stage.js';
import { PREVIEW_STYLE } from './preview-style.js';

const OTHER_ATTRIBUTES = ['link', 'src', 'character', 'autoplay', 'loop', 'controls'];
const MAX_PIXEL_RATIO = 2;

let library = null; // the page's one loadKBlend()
function theLibrary() {
  library ??= loadKBlend().then((kb) => {
    useLibrary(kb); // the link's ranges within the library's limits
    return kb;
  });
  return library;
}

// One constructed stylesheet for every element (no inline <style>, so a
// page whose policy forbids inline styles shows it too).
let sheet = null;
function previewSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(PREVIEW_STYLE);
  }
  return sheet;
}

// The reader of a link's custom gesture (cg=), loaded for the first such link.
let blobReader = null;
async function loadBlobReader() {
  const { decodeGestureBlob } = await import('../link/gesture-blob.js');
  blobReader = decodeGestureBlob;
}

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export class KBlendPreview extends HTMLElement {
  static observedAttributes = [...TUNING_ATTRIBUTES, ...OTHER_ATTRIBUTES];

  #kb = null;
  #preview = null;
  #params = null;
  #character = null;
  #pose = null;
  #time = 0;
  #playing = false;
  #visible = false;
  #dirty = true;
  #fileGesture = null;
  #fileSrc = null;
  #bar = null;
  #size = { width: 0, height: 0 };
  #parts;
  /** Frames this element drew (a diagnostic: an element out of view draws none). */
  drawCount = 0;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const canvas = document.createElement('canvas');
    canvas.setAttribute('part', 'figure');
    const notice = document.createElement('div');
    notice.className = 'notice';
    notice.setAttribute('role', 'status');
    notice.hidden = true;
    root.adoptedStyleSheets = [previewSheet()];
    root.append(canvas, notice);
    canvas.addEventListener('click', () => (this.paused ? this.play() : this.pause()));
    this.#parts = { root, canvas, context: canvas.getContext('2d'), notice };
  }

  connectedCallback() {
    watch(this);
    theLibrary().then(
      (kb) => {
        this.#kb = kb;
        if (this.isConnected) this.#rebuild({ start: true });
      },
      (error) => this.#showNotices([`the library did not load: ${error.message}`]),
    );
  }

  // A removed element frees its preview (the core's memory); put back, it
  // starts again from its attributes.
  disconnectedCallback() {
    unwatch(this);
    this.#playing = false;
    this.#preview?.dispose();
    this.#preview = null;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.#kb || !this.isConnected) return;
    if (name === 'src') return this.#loadSource();
    if (name === 'autoplay' || name === 'loop') return;
    this.#rebuild({ start: false });
  }

  // --- state from the attributes

  #attributes() {
    const out = {};
    for (const name of [...TUNING_ATTRIBUTES, 'link', 'character'])
      out[name] = this.getAttribute(name);
    return out;
  }

  #rebuild({ start }) {
    if (!this.isConnected) return;
    if (this.hasAttribute('src') && this.#fileSrc !== this.getAttribute('src')) {
      return this.#loadSource();
    }
    if (!blobReader && /(^|[#&])cg=/.test(this.getAttribute('link') ?? '')) {
      return loadBlobReader().then(
        () => this.#rebuild({ start }),
        (error) => this.#showNotices([`a custom gesture link needs fflate: ${error.message}`]),
      );
    }
    let read;
    try {
      read = readTuning(this.#kb, this.#attributes(), this.#fileGesture, blobReader);
      const preview = this.#kb.createPreview(previewOptions(read.params, read.gesture));
      this.#preview?.dispose();
      this.#preview = preview;
      this.#params = read.params;
      this.#character = read.character;
    } catch (error) {
      return this.#showNotices([error.message]);
    }
    this.#showNotices(read.notices);
    this.#buildBar();
    const duration = this.#preview.duration;
    if (start) this.#startAt(read.time);
    else this.#time = Math.min(this.#time, duration);
    this.#pose = null;
    this.#dirty = true;
    this.#drawNowIfVisible();
    if (start) this.dispatchEvent(new Event('ready'));
  }

  #startAt(time) {
    const still = reducedMotion();
    this.#time = time ?? (still ? midHoldTime(this.#params) : 0);
    this.#playing = this.hasAttribute('autoplay') && !still;
    if (this.#playing) wake();
  }

  async #loadSource() {
    const src = this.getAttribute('src');
    this.#fileSrc = src;
    if (src === null) {
      this.#fileGesture = null;
      return this.#rebuild({ start: false });
    }
    try {
      const url = new URL(src, document.baseURI);
      if (url.origin !== location.origin) {
        throw new RangeError(`src='${src.slice(0, 60)}' is not on this page's origin`);
      }
      const response = await fetch(url);
      if (!response.ok) throw new Error(`src: ${url.pathname} answered ${response.status}`);
      const gesture = this.#kb.parseGestureJson(await response.text(), url.pathname);
      if (this.getAttribute('src') !== src) return; // a later src won
      this.#fileGesture = gesture;
      this.#rebuild({ start: true });
    } catch (error) {
      this.#showNotices([error.message]);
    }
  }

  #showNotices(notices) {
    const { notice } = this.#parts;
    notice.textContent = notices.join('; ');
    notice.hidden = notices.length === 0;
    if (notices.length > 0) {
      const detail = { message: notices.join('; '), notices };
      this.dispatchEvent(new CustomEvent('error', { detail }));
    }
  }

  #buildBar() {
    this.#bar?.element.remove();
    this.#bar = null;
    if (!this.hasAttribute('controls')) return;
    const { names, unknown } = sliderNames(this.getAttribute('controls'));
    if (unknown.length > 0) {
      this.#showNotices([
        `controls: no slider for ${unknown.map((w) => `'${w.slice(0, 24)}'`).join(', ')}`,
      ]);
    }
    this.#bar = createControlsBar(this, names);
    this.#parts.root.append(this.#bar.element);
    this.#bar.update();
  }

  // --- frames (called by the page's frame loop, only while in view)

  viewChanged(visible) {
    this.#visible = visible;
    if (visible && this.#dirty) wake();
  }

  sizeChanged({ width, height }) {
    this.#size = { width, height };
    this.#dirty = true;
  }

  frameStep(dt) {
    if (!this.#preview) return { drew: false, playing: false };
    if (this.#playing && dt > 0) this.#advance(dt);
    const drew = this.#dirty;
    if (drew) this.#draw();
    return { drew, playing: this.#playing };
  }

  #advance(dt) {
    const duration = this.#preview.duration;
    let t = this.#time + dt;
    if (t >= duration) {
      if (this.hasAttribute('loop')) t %= duration;
      else {
        t = duration;
        this.#playing = false;
      }
    }
    this.#time = t;
    this.#dirty = true;
    this.dispatchEvent(new Event('timeupdate'));
  }

  #draw() {
    const { canvas, context } = this.#parts;
    const ratio = Math.min(globalThis.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const width = Math.max(1, Math.round(this.#size.width * ratio));
    const height = Math.max(1, Math.round(this.#size.height * ratio));
    if (canvas.width !== width || canvas.height !== height)
      Object.assign(canvas, { width, height });
    const frame = this.#preview.evaluateFrame(this.#time, { fk: true });
    this.#pose = frame.pose;
    drawFigure(this.#kb, context, frame, { character: this.#character });
    this.#dirty = false;
    this.drawCount++;
    this.#bar?.update();
  }

  #drawNowIfVisible() {
    if (this.#visible && this.#size.width > 0) this.#draw();
    else this.#bar?.update();
  }

  // --- public API

  play() {
    if (!this.#preview) return;
    if (this.#time >= this.#preview.duration) this.#time = 0;
    this.#playing = true;
    this.#bar?.update();
    wake();
  }

  pause() {
    this.#playing = false;
    this.#bar?.update();
  }

  seek(t) {
    if (!this.#preview) return;
    const time = Number(t);
    if (!Number.isFinite(time)) {
      return this.#showNotices([
        `seek: t must be a finite number of seconds, got ${String(t).slice(0, 24)}`,
      ]);
    }
    this.#time = Math.min(Math.max(time, 0), this.#preview.duration);
    this.#dirty = true;
    this.#drawNowIfVisible();
    this.dispatchEvent(new Event('timeupdate'));
  }

  get currentTime() {
    return this.#time;
  }
  set currentTime(t) {
    this.seek(t);
  }
  get paused() {
    return !this.#playing;
  }
  /** The 88 local rotations at currentTime (a copy). */
  pose() {
    if (!this.#preview) return null;
    return this.#preview.evaluateFrame(this.#time).pose;
  }
  /** The element's tuning as the link reads it (canonical values). */
  get params() {
    return this.#params ? { ...this.#params } : null;
  }

  /** The page's frame loop and shared renderer, for a test or the console. */
  static stats() {
    return { ...frameStats(), stage: sharedStageInfo() };
  }

  /**
   * The figure last drawn on the page, as three.js holds it (its name; for
   * the skinned one its bones' world rotations and positions, hand-shape
   * weights and build time), for a test or the console.
   */
  static drawnFigure() {
    return drawnFigure();
  }
}

// Properties of the attributes' names: numbers and names read back as the
// link parsed them; setting one sets the attribute (so both stay in step).
function defineProperties() {
  for (const name of TUNING_ATTRIBUTES) {
    Object.defineProperty(KBlendPreview.prototype, name, {
      get() {
        return this.params?.[name] ?? null;
      },
      set(value) {
        this.setAttribute(name, String(value));
      },
    });
  }
  for (const name of ['link', 'src', 'character']) {
    Object.defineProperty(KBlendPreview.prototype, name, {
      get() {
        return this.getAttribute(name);
      },
      set(value) {
        if (value === null || value === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      },
    });
  }
  for (const name of ['autoplay', 'loop', 'controls']) {
    Object.defineProperty(KBlendPreview.prototype, name, {
      get() {
        return this.hasAttribute(name);
      },
      set(value) {
        if (typeof value === 'string') this.setAttribute(name, value);
        else this.toggleAttribute(name, Boolean(value));
      },
    });
  }
}
defineProperties();
