// Types of kblend/element (package.json exports["./element"]; peer: three).
// Importing the module defines <kblend-preview>.

/** The tuning attributes: the share link's parameters by name. */
export type TuningAttribute =
  | 'gesture'
  | 'attack'
  | 'release'
  | 'epsilon'
  | 'lambda'
  | 'duration'
  | 'jitter'
  | 'seed'
  | 'apose'
  | 'shape'
  | 'follower';

export interface KBlendPreviewStats {
  /** Frames the page's loop ran (only while an element in view plays or must draw). */
  frames: number;
  /** Their script time in total and for the last one, ms. */
  scriptMs: number;
  lastMs: number;
  /** Figures drawn in all. */
  drawn: number;
  /** Elements in view now. */
  inView: number;
  /** The one WebGL renderer every element shares. */
  stage: { contexts: 0 | 1; lost: number; contextLost?: boolean; width: number; height: number };
}

/** The figure last drawn on the page, as three.js holds it (KBlendPreview.drawnFigure()). */
export interface KBlendDrawnFigure {
  character: 'skinned' | 'mannequin';
  /** Skinned only: each bone's world rotation, [x, y, z, w] per joint (88). */
  rotations?: number[];
  /** Skinned only: each bone's world position (66), m. */
  positions?: number[];
  /** Skinned only: the hand shapes' morph weights by name ('right.thumbUp', …). */
  morphs?: Record<string, number>;
  /** Skinned only: the time its mesh took to build, once per page, ms. */
  buildMs?: number;
}

export interface KBlendPreviewErrorDetail {
  /** The notices joined, as the element shows them. */
  message: string;
  notices: string[];
}

export class KBlendPreview extends HTMLElement {
  static readonly observedAttributes: readonly string[];
  /** The page's frame loop and shared renderer. */
  static stats(): KBlendPreviewStats;
  /** The figure last drawn on the page (null before the first draw). */
  static drawnFigure(): KBlendDrawnFigure | null;

  /** Library gesture name (or a custom gesture's, from `link`'s cg= or `src`). */
  gesture: string | null;
  attack: number | null;
  release: number | null;
  epsilon: number | null;
  lambda: number | null;
  /** The clip's length, s (the link's dur; a gesture's own by default). */
  duration: number | null;
  jitter: number | null;
  seed: number | null;
  apose: number | null;
  shape: 'smoothstep' | 'kli' | null;
  follower: 'exp' | 'kli' | null;
  /** A share link's hash ("#v=1&g=wave&a=0.2…", with cg= for a custom gesture). */
  link: string | null;
  /** A gesture file's URL on the page's origin. */
  src: string | null;
  /** 'skinned' (kblend's skinned character, the default) or 'mannequin'. */
  character: 'skinned' | 'mannequin' | string | null;
  autoplay: boolean;
  loop: boolean;
  /** The bar; a string sets the sliders it shows ("attack release epsilon"). */
  controls: boolean | string;

  play(): void;
  pause(): void;
  /** Shows time t (s, clamped to the clip). */
  seek(t: number): void;
  /** Seconds; stands still while the element is out of view. */
  currentTime: number;
  readonly paused: boolean;
  /** The 88 local rotations at currentTime (a copy), null before ready. */
  pose(): Float32Array | null;
  /** The tuning as the link's parser read it. */
  readonly params: Readonly<Record<string, unknown>> | null;
  /** Figures this element drew. */
  readonly drawCount: number;

  addEventListener<K extends keyof KBlendPreviewEventMap>(
    type: K,
    listener: (this: KBlendPreview, event: KBlendPreviewEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

export interface KBlendPreviewEventMap extends HTMLElementEventMap {
  ready: Event;
  timeupdate: Event;
  error: CustomEvent<KBlendPreviewErrorDetail> & ErrorEvent;
}

export const ELEMENT_NAME: 'kblend-preview';

declare global {
  interface HTMLElementTagNameMap {
    'kblend-preview': KBlendPreview;
  }
}
