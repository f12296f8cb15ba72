// Types of kb.fitEnvelope (web/lib/fit/fit-envelope.js), merged into the
// object loadKBlend() returns.
import type { GestureData, JointName } from '../kblend.js';

export interface FitEnvelopeOptions {
  /** 'auto' (default) fits both shapes and keeps the one with the smaller residual. */
  shape?: 'auto' | 'smoothstep' | 'kli';
  /** Idle A-pose angle of the rest the gesture starts from, rad (default kb.defaults.apose). */
  apose?: number;
  /** How far from rest (rad, largest joint) the first and last frames may be (default 0.1). */
  restTolerance?: number;
  /** A joint farther than this from rest (rad) at some frame is part of the gesture (default 0.05). */
  moveThreshold?: number;
  /** The filter the fitted gesture will play through (default kb.defaults). */
  epsilon?: number;
  lambda?: number;
  dtMax?: number;
  /** The preview's frame rate (default kb.defaults.fps). */
  fps?: number;
}

export interface FitEnvelopeResult {
  /** The held target pose (one keyframe), or the target frame by frame for a hold that moves. */
  gesture: GestureData;
  attack: number;
  release: number;
  shape: 'smoothstep' | 'kli';
  /** Seconds from the gesture's start at rest to its end at rest. */
  duration: number;
  /** Where the gesture starts in the track's time, s. */
  start: number;
  /** Angle between the capture and the fitted preview, rad: mean over joints and frames, worst, and each joint's mean. */
  residual: { mean: number; worst: number; perJoint: Record<JointName, number> };
  /** What the capture did not show or the fit could not explain (empty when nothing). */
  notes: string[];
}

export interface FitEnvelopeApi {
  /**
   * The held target pose(s) and the envelope that best reproduce a
   * capture's main movement, by least squares. Assumes one gesture that
   * starts and ends near rest; a capture that does not gets a note, a
   * ratio of 0 at that end and the fit of the part it has.
   */
  fitEnvelope(
    track: {
      times: ArrayLike<number>;
      rotations: ArrayLike<number>;
      root?: ArrayLike<number> | null;
      mask?: ArrayLike<number>;
      loop?: boolean;
      period?: number;
    },
    options?: FitEnvelopeOptions,
  ): FitEnvelopeResult;
}
