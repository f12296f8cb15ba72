// Kuramoto–Lohe interpolation: integrated (Euler, RK4) and closed form.
import { ENUM_NAMES, enumCodes } from './abi.js';
import { checkNumber, checkOneOf, checkOptions, checkQuat, checkTunable } from './validate.js';

// Without maxSteps, enough steps for t = 1000 s, at most kb.limits.kliMaxSteps.max.
const DEFAULT_HORIZON = 1000;

export function createKliApi(core, scratch, defaults) {
  const { p: pBuf, r: rBuf, result } = scratch;
  const fn = core.fn;
  const { limits } = core;
  const methodCodes = enumCodes(core.abi, 'kliMethod');
  const slot = {
    tStop: core.n('KB_KLI_SLOT_T_STOP'),
    steps: core.n('KB_KLI_SLOT_STEPS'),
    q: core.n('KB_KLI_SLOT_Q'),
    converged: core.n('KB_KLI_SLOT_CONVERGED'),
  };

  const KLI_OPTIONS = ['rate', 'step', 'epsilon', 'method', 'shortestPath', 'maxSteps'];
  function kli(p, r, options) {
    const o = checkOptions('kli options', options, KLI_OPTIONS);
    const {
      rate = defaults.kliRate,
      step = defaults.kliStep,
      epsilon = defaults.kliEpsilon,
      method = 'rk4',
      shortestPath = true,
    } = o;
    checkQuat('p', p, pBuf.view);
    checkQuat('r', r, rBuf.view);
    checkTunable(limits, 'kliRate', rate, 'rate');
    checkTunable(limits, 'kliStep', step, 'step');
    checkTunable(limits, 'kliEpsilon', epsilon, 'epsilon');
    checkOneOf('method', method, ENUM_NAMES.kliMethod);
    const cap = limits.kliMaxSteps.max;
    const maxSteps = o.maxSteps ?? Math.min(cap, Math.ceil(DEFAULT_HORIZON / (rate * step)));
    checkTunable(limits, 'kliMaxSteps', maxSteps, 'maxSteps');
    core.check(
      fn._kb_kli_flat(
        pBuf.ptr,
        rBuf.ptr,
        rate,
        step,
        epsilon,
        methodCodes[method],
        shortestPath ? 1 : 0,
        maxSteps,
        result.ptr,
      ),
      'kli',
    );
    const v = result.view;
    return {
      tStop: v[slot.tStop],
      steps: v[slot.steps],
      q: Float64Array.from(v.subarray(slot.q, slot.q + 4)),
      converged: v[slot.converged] === 1,
    };
  }

  // The closed-form state at time t: slerp(p, r, u(t)).
  function kliAt(p, r, t, options) {
    const { rate = defaults.kliRate, shortestPath = true } = checkOptions('options', options, [
      'rate',
      'shortestPath',
    ]);
    checkQuat('p', p, pBuf.view);
    checkQuat('r', r, rBuf.view);
    checkNumber('t', t, { min: 0 });
    checkTunable(limits, 'kliRate', rate, 'rate');
    core.check(
      fn._kb_kli_at(pBuf.ptr, rBuf.ptr, t, rate, shortestPath ? 1 : 0, result.ptr),
      'kliAt',
    );
    return Float32Array.from(result.view.subarray(0, 4));
  }

  // SLERP weight u(t) of the closed form for an S³ start angle θ0.
  function kliWeight(theta0, rate, t) {
    checkNumber('theta0', theta0, { min: 0, max: Math.PI });
    checkTunable(limits, 'kliRate', rate, 'rate');
    checkNumber('t', t, { min: 0 });
    return fn._kb_kli_weight(theta0, rate, t);
  }

  // The 'kli' shape's ramp: the weight after `elapsed` s of the flow from θ0
  // whose rate makes it arrive within epsilon after `span` s.
  function kliRamp(theta0, epsilon, span, elapsed) {
    checkNumber('theta0', theta0, { min: 0, max: Math.PI });
    checkNumber('epsilon', epsilon, { min: 0 });
    checkNumber('span', span, { min: 0 });
    checkNumber('elapsed', elapsed);
    return fn._kb_kli_ramp(theta0, epsilon, span, elapsed);
  }

  return { kli, kliAt, kliWeight, kliRamp };
}
