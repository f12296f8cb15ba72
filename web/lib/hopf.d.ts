// Types of web/lib/hopf.js: the Hopf map h(q) = q·i·q̄ (the fixed axis x̂
// rotated by q) and rotation paths drawn on S² with it.
import type { KBlend, Quat } from './kblend.js';

/** The fixed axis of h: x̂. */
export const HOPF_AXIS: readonly [number, number, number];

/** p = k, r = ½(1 + i + j + k), and the integrator settings of the paper (stop at t = 11.66). */
export const PAPER_EXAMPLE: {
  readonly p: readonly [number, number, number, number];
  readonly r: readonly [number, number, number, number];
  readonly options: {
    readonly rate: 1;
    readonly step: 0.01;
    readonly epsilon: 1e-5;
    readonly method: 'rk4';
  };
};

/** h(q) on the unit sphere; h(q) = h(−q). q of any nonzero length. */
export function hopf(q: Quat, options?: { axis?: ArrayLike<number> }): Float32Array;

export interface HopfPathOptions {
  /** 'slerp': uniform in u ∈ [0, 1]; 'kli': uniform in t ∈ [0, tEnd] (default 'slerp'). */
  method?: 'slerp' | 'kli';
  /** Points, ≥ 2 (default 64). */
  samples?: number;
  /** KLI coupling K > 0 (default 1). */
  rate?: number;
  /** KLI end time, s (default: the RK4 stop time at ε = 1e-5). */
  tEnd?: number;
  /** Negate r when p·r < 0 (default true); false: the paper's model, the long way. */
  shortestPath?: boolean;
  /** The fixed axis (default x̂). */
  axis?: ArrayLike<number>;
}

/** 3·samples coordinates of the path from p to r projected by h. */
export function hopfPath(
  kb: Pick<KBlend, 'slerp' | 'kli' | 'kliAt'>,
  p: Quat,
  r: Quat,
  options?: HopfPathOptions,
): Float32Array;

/** The paper example's stop time through kb.kli (11.66). */
export function paperStopTime(kb: Pick<KBlend, 'kli'>): number;
