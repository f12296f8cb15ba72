// Types of the comparison part of the kblend API (web/lib/comparison.js),
// merged into the object loadKBlend() returns.
import type { JointName, PreviewOptions } from './kblend.js';

export type ComparisonKey = 'kblend' | 'naiveEuler' | 'seed' | 'kliShape';

export interface ComparisonMethod {
  /** Property name in results. */
  readonly key: ComparisonKey;
  /** The method as the UI names it. */
  readonly name: 'kblend' | 'naive-euler' | 'seed' | 'kli-shape';
  readonly order: 'kblend' | 'seed' | 'naive-euler';
  readonly shape: 'smoothstep' | 'kli';
}

/** kblend, naive Euler scaling, the seed's order (filter after blend), the KLI shape. */
export const COMPARISON_METHODS: readonly ComparisonMethod[];

export interface MethodFigures {
  method: ComparisonMethod['name'];
  /** Max over joints of the angle between idle and the pose at t = 0, rad. */
  jumpAtStart: number;
  /** Max over joints of the angle between the pose at t = duration and idle, rad. */
  endError: number;
  /** Max angular speed over joints and frame steps, rad/s. */
  peakSpeed: number;
  /** Mean number of joints changed per frame step (0–22). */
  updatedPerFrame: number;
}

export type ComparisonFigures = Record<ComparisonKey, MethodFigures>;

export interface SpeedSeries {
  joint: JointName;
  /** Midpoints of the frame steps, s (frameCount − 1 entries). */
  times: Float32Array;
  /** Angular speed of the joint per frame step, rad/s, per method. */
  speeds: Record<ComparisonKey, Float32Array>;
}

export interface HoldSeries {
  /** Frame times k = 1 … frameCount − 1, s. */
  times: Float32Array;
  /** Fraction of joints left bit for bit unchanged at each frame, in [0, 1]. */
  ratio: Float32Array;
}

export interface ComparisonApi {
  /** Each method's figures; options are createPreview's (order and shape are set per method). */
  compareMethods(options?: PreviewOptions): ComparisonFigures;
  /** One joint's angular speed over the clip for each method. */
  angularSpeed(options: PreviewOptions | undefined, joint: JointName | number): SpeedSeries;
  /** The hold ratio of the preview the options describe (order and shape as given). */
  holdRatio(options?: PreviewOptions): HoldSeries;
  /** All of the above in one pass per method; the hold ratio is kblend's. */
  comparison(
    options?: PreviewOptions,
    joint?: JointName | number,
  ): { figures: ComparisonFigures; speed: SpeedSeries; hold: HoldSeries };
}

export function createComparisonApi(kb: unknown): ComparisonApi;

/** Rotation angle between joint j of two poses, rad (double precision). */
export function jointAngle(a: ArrayLike<number>, b: ArrayLike<number>, j: number): number;
