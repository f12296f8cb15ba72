// Types of kblend's JS library (package.json exports["."] → kblend.js).
// Quaternions are [x, y, z, w]; a pose is 22 local rotations (88 numbers)
// relative to the T-pose bind, joints in the order of `kb.skeleton.names`.
import type { ComparisonApi } from './comparison.js';
import type { IkApi } from './ik.js';

export { COMPARISON_METHODS } from './comparison.js';
export type { ComparisonApi, ComparisonFigures, MethodFigures } from './comparison.js';
export { HOPF_AXIS, PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from './hopf.js';
export type * from './ik.js';

/** The 22 joint names in the core's order (SPEC §3). */
export const JOINT_NAMES: readonly JointName[];
/** Parent index of each joint (−1 for the pelvis). */
export const JOINT_PARENTS: readonly number[];
export const JOINT_COUNT: 22;
/** Envelope shapes, in the core's enum order. */
export const SHAPES: readonly ['smoothstep', 'kli'];
/** Filter followers, in the core's enum order. */
export const FOLLOWERS: readonly ['exp', 'kli'];
/** Pipeline orders, in the core's enum order. */
export const ORDERS: readonly ['kblend', 'seed', 'naive-euler'];
/** out = a ⊗ b (Hamilton, [x, y, z, w]); out may alias a or b. */
export function multiplyQuat<T extends { [i: number]: number }>(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  out: T,
): T;
/** q v q⁻¹ for a unit quaternion q. */
export function rotateVector(q: ArrayLike<number>, v: ArrayLike<number>): [number, number, number];

export type Quat = ArrayLike<number>;
export type JointName =
  | 'pelvis'
  | 'left_hip'
  | 'right_hip'
  | 'spine1'
  | 'left_knee'
  | 'right_knee'
  | 'spine2'
  | 'left_ankle'
  | 'right_ankle'
  | 'spine3'
  | 'left_foot'
  | 'right_foot'
  | 'neck'
  | 'left_collar'
  | 'right_collar'
  | 'head'
  | 'left_shoulder'
  | 'right_shoulder'
  | 'left_elbow'
  | 'right_elbow'
  | 'left_wrist'
  | 'right_wrist';

export interface EnvelopeOptions {
  /** Attack ratio a ≥ 0 (default 0.15). */
  attack?: number;
  /** Release ratio r ≥ 0, a + r ≤ 1 (default 0.20). */
  release?: number;
}

export interface KliOptions {
  /** Coupling K > 0 (default 1). */
  rate?: number;
  /** Step h > 0 (default 0.01). */
  step?: number;
  /** Stop when |q − r| < ε (default 1e-5). */
  epsilon?: number;
  method?: 'rk4' | 'euler';
  /** Negate r when p·r < 0 (default true); false: the paper's model. */
  shortestPath?: boolean;
  maxSteps?: number;
}

export interface KliResult {
  tStop: number;
  steps: number;
  q: Float64Array;
  /** false when maxSteps was reached first. */
  converged: boolean;
}

export interface FilterOptions {
  /** Deadband ε, rad, in [0, π] (default 0.0005). */
  epsilon?: number;
  /** Follow rate λ > 0, 1/s; Infinity: a pure gate (default 18). */
  lambda?: number;
  /** dt is clamped to [0, dtMax] (default 1/30 s). */
  dtMax?: number;
  follower?: 'exp' | 'kli';
  /** Joints filtered per step (default 1). */
  joints?: number;
}

export interface Filter {
  readonly options: Readonly<Required<FilterOptions>>;
  /** One sample of every joint (4·joints numbers); returns the filtered rotations. */
  step(q: ArrayLike<number>, dt: number): Float32Array;
  /** Joints that moved at the last step. */
  readonly changed: number;
  reset(): void;
  dispose(): void;
}

export interface Gesture {
  readonly name: string;
  readonly description: string;
  readonly duration: number;
  readonly loop: boolean;
  readonly period: number;
  readonly timeUnit: 'seconds' | 'hold';
  readonly keyframes: ReadonlyArray<{
    readonly time: number;
    readonly rotations: Readonly<Partial<Record<JointName, readonly [number, number, number]>>>;
  }>;
  readonly joints: readonly JointName[];
}

/** A gesture file's content (SPEC §8): XYZ Euler degrees per joint. */
export interface GestureData {
  name: string;
  description?: string;
  duration?: number;
  loop?: boolean;
  period?: number;
  timeUnit?: 'seconds' | 'hold';
  keyframes: { time: number; rotations: Partial<Record<JointName, [number, number, number]>> }[];
}

/** Whole poses at seconds, e.g. a retargeted clip. */
export interface Track {
  times: ArrayLike<number>;
  /** times.length · 88 numbers. */
  rotations: ArrayLike<number>;
  loop?: boolean;
  period?: number;
  /** 22 flags: joints the track drives (default all). */
  mask?: ArrayLike<number>;
}

export interface PreviewOptions extends EnvelopeOptions {
  /** A gesture name from the library or a gesture object (default 'clap'). */
  gesture?: string | GestureData | Gesture;
  /** Instead of a gesture: a ready-made track. */
  track?: Track;
  epsilon?: number;
  lambda?: number;
  dtMax?: number;
  follower?: 'exp' | 'kli';
  /** Clip length, s, in [0.1, 600] (default: the gesture's). */
  duration?: number;
  /** Frame grid, 1–240 (default 30). */
  fps?: number;
  /** Seeded target noise amplitude σ, rad, in [0, 0.5] (default 0). */
  jitter?: number;
  /** Integer in [0, 16777215] (default 1). */
  seed?: number;
  /** Idle A-pose angle, rad, in [0, π/2] (default 1.18). */
  apose?: number;
  shape?: 'smoothstep' | 'kli';
  /** 'kblend' (filter the target, blend last), 'seed' (blend, then filter), 'naive-euler'. */
  order?: 'kblend' | 'seed' | 'naive-euler';
}

export interface Preview {
  readonly options: Readonly<PreviewOptions & { gesture: string; duration: number }>;
  readonly gesture: Gesture | null;
  readonly duration: number;
  readonly fps: number;
  readonly frameCount: number;
  /** Joints whose rotation changed at the frame last evaluated. */
  readonly changed: number;
  /** Local rotations at time t (clamped to [0, duration]). */
  evaluate(t: number): Float32Array;
  evaluateInto<T extends Float32Array>(t: number, out: T): T;
  frame(k: number): Float32Array;
  frameTime(k: number): number;
  dispose(): void;
}

export interface ClapReport {
  separation: number;
  palmDot: number;
  thumbLeft: number;
  thumbRight: number;
  /** (p_L − p_R)·x̂_body: positive when the arms are not crossed. */
  order: number;
  ordered: boolean;
  ok: boolean;
  rules: {
    separation: boolean;
    palms: boolean;
    thumbLeft: boolean;
    thumbRight: boolean;
    ordered: boolean;
  };
}

/** n SLERP pairs living in the core's heap (no copies per call). */
export interface SlerpBatch {
  readonly count: number;
  readonly a: Float32Array;
  readonly b: Float32Array;
  readonly u: Float32Array;
  readonly out: Float32Array;
  slerp(): Float32Array;
  /** Polynomial kernel, SIMD; the same accuracy bar (1e-5 rad). */
  slerpFast(): Float32Array;
  dispose(): void;
}

export interface KBlend extends IkApi, ComparisonApi {
  envelope(p: number, options?: EnvelopeOptions): number;
  envelopeSlope(p: number, options?: EnvelopeOptions): number;
  envelopeRatios(options: { attackSeconds?: number; releaseSeconds?: number; duration: number }): {
    attack: number;
    release: number;
  };
  slerp(a: Quat, b: Quat, u: number): Float32Array;
  geodesicAngle(a: Quat, b: Quat): number;
  quatFromEuler(euler: ArrayLike<number>): Float32Array;
  eulerFromQuat(q: Quat): Float32Array;
  createBatch(n: number): SlerpBatch;
  kli(p: Quat, r: Quat, options?: KliOptions): KliResult;
  kliAt(
    p: Quat,
    r: Quat,
    t: number,
    options?: { rate?: number; shortestPath?: boolean },
  ): Float32Array;
  kliWeight(theta0: number, rate: number, t: number): number;
  createFilter(options?: FilterOptions): Filter;
  readonly skeleton: { readonly names: readonly JointName[]; readonly parents: readonly number[] };
  idlePose(apose?: number): Float32Array;
  bindPositions(height?: number): Float32Array;
  forwardKinematics(
    localRotations: ArrayLike<number>,
    rootTranslation?: ArrayLike<number>,
    options?: { height?: number },
  ): { positions: Float32Array; rotations: Float32Array };
  /** count poses (count·88 numbers) in one call; roots count·3. */
  forwardKinematicsBatch(
    localRotations: ArrayLike<number>,
    rootTranslations?: ArrayLike<number>,
    options?: { height?: number },
  ): { positions: Float32Array; rotations: Float32Array };
  validateClap(localRotations: ArrayLike<number>, options?: { height?: number }): ClapReport;
  /** The core's hand markers: points fixed in a wrist's frame (m). */
  handMarkers(
    height?: number,
  ): Readonly<
    Record<
      'leftPalm' | 'rightPalm' | 'leftThumb' | 'rightThumb',
      { joint: number; offset: readonly number[] }
    >
  >;
  createPreview(options?: PreviewOptions): Preview;
  readonly gestureNames: readonly string[];
  getGesture(name: string): Gesture;
  parseGesture(data: unknown, file?: string): Gesture;
  readonly defaults: Readonly<PreviewOptions>;
  statusText(status: number): string;
}

export function loadKBlend(options?: { wasmBinary?: ArrayBuffer | Uint8Array }): Promise<KBlend>;
export const PREVIEW_DEFAULTS: Readonly<PreviewOptions>;
export const gestureNames: readonly string[];
export function getGesture(name: string): Gesture;
export function parseGesture(data: unknown, file?: string): Gesture;
