// Kuramoto–Lohe interpolation: integrated (Euler, RK4) and closed form.
import { checkNumber, checkOneOf, checkOptions, checkQuat } from './validate.js';

const METHODS = ['rk4', 'euler'];

export function createKliApi(core, scratch) {
  const { p: pBuf, r: rBuf, result } = scratch;
  const fn = core.fn;

  function kli(p, r, options) {
    const o = checkOptions('options', options);
    const { rate = 1, step = 0.01, epsilon = 1e-5, method = 'rk4', shortestPath = true } = o;
    checkQuat('p', p);
    checkQuat('r', r);
    checkNumber('rate', rate, { min: 0, minOpen: true });
    checkNumber('step', step, { min: 0, minOpen: true });
    checkNumber('epsilon', epsilon, { min: 0, minOpen: true });
    checkOneOf('method', method, METHODS);
    const maxSteps = o.maxSteps ?? Math.min(1e7, Math.ceil(1000 / (rate * step)));
    checkNumber('maxSteps', maxSteps, { min: 0, max: 1e8, integer: true });
    pBuf.view.set(p);
    rBuf.view.set(r);
    core.check(
      fn._kb_kli_flat(
        pBuf.ptr,
        rBuf.ptr,
        rate,
        step,
        epsilon,
        METHODS.indexOf(method),
        shortestPath ? 1 : 0,
        maxSteps,
        result.ptr,
      ),
      'kli',
    );
    const v = result.view;
    return {
      tStop: v[0],
      steps: v[1],
      q: Float64Array.from(v.subarray(2, 6)),
      converged: v[6] === 1,
    };
  }

  // The closed-form state at time t: slerp(p, r, u(t)).
  function kliAt(p, r, t, options) {
    const { rate = 1, shortestPath = true } = checkOptions('options', options);
    checkQuat('p', p);
    checkQuat('r', r);
    checkNumber('t', t, { min: 0 });
    checkNumber('rate', rate, { min: 0, minOpen: true });
    pBuf.view.set(p);
    rBuf.view.set(r);
    core.check(
      fn._kb_kli_at(pBuf.ptr, rBuf.ptr, t, rate, shortestPath ? 1 : 0, result.ptr),
      'kliAt',
    );
    return Float32Array.from(result.view.subarray(0, 4));
  }

  // SLERP weight u(t) of the closed form for an S³ start angle θ0.
  function kliWeight(theta0, rate, t) {
    checkNumber('theta0', theta0, { min: 0, max: Math.PI });
    checkNumber('rate', rate, { min: 0, minOpen: true });
    checkNumber('t', t, { min: 0 });
    return fn._kb_kli_weight(theta0, rate, t);
  }

  return { kli, kliAt, kliWeight };
}
