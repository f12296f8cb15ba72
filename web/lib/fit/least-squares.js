// A small Levenberg–Marquardt for a handful of parameters (the envelope's
// start, end and ratios): the core's solver works on joint rotations of a
// skeleton, not on arbitrary parameters, so this is its plain-JS twin for
// 2–4 unknowns, with the core's λ schedule (docs/design.md §7: λ0 = 1e-3,
// halved on a step that lowers the cost, doubled otherwise) and a numeric
// Jacobian (central differences).

// Solves the n×n system A x = b in place by Gaussian elimination with
// partial pivoting; null when A is singular.
function solveSmall(A, b, n) {
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[pivot][c])) pivot = r;
    if (Math.abs(A[pivot][c]) < 1e-300) return null;
    [A[c], A[pivot]] = [A[pivot], A[c]];
    [b[c], b[pivot]] = [b[pivot], b[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let k = c; k < n; k++) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= A[r][k] * x[k];
    x[r] = s / A[r][r];
  }
  return x;
}

const sumSquares = (r) => r.reduce((s, v) => s + v * v, 0);

// Jacobian columns by central differences, each step kept inside the
// bounds by `project`.
function jacobian(residuals, params, steps, project) {
  return params.map((_, i) => {
    const up = project(params.map((p, k) => (k === i ? p + steps[i] : p)));
    const down = project(params.map((p, k) => (k === i ? p - steps[i] : p)));
    const span = up[i] - down[i];
    if (!(span > 0)) return null;
    const ru = residuals(up);
    const rd = residuals(down);
    return ru.map((v, k) => (v - rd[k]) / span);
  });
}

function normalEquations(J, r, lambda, n) {
  const A = Array.from({ length: n }, () => new Array(n).fill(0));
  const g = new Array(n).fill(0);
  for (let i = 0; i < n; i++) {
    if (!J[i]) continue;
    for (let k = 0; k < r.length; k++) g[i] -= J[i][k] * r[k];
    for (let j = i; j < n; j++) {
      if (!J[j]) continue;
      let s = 0;
      for (let k = 0; k < r.length; k++) s += J[i][k] * J[j][k];
      A[i][j] = A[j][i] = s;
    }
  }
  for (let i = 0; i < n; i++) A[i][i] += lambda * (A[i][i] || 1);
  return { A, g };
}

// Minimises ½‖residuals(params)‖²; `project` maps any parameter vector
// onto the allowed set (bounds and coupled limits such as a + r ≤ 1).
export function levenbergMarquardt(residuals, start, { steps, project, maxIterations = 60 }) {
  let params = project(start.slice());
  let r = residuals(params);
  let cost = 0.5 * sumSquares(r);
  let lambda = 1e-3;
  const n = params.length;
  for (let it = 0; it < maxIterations && cost > 1e-18; it++) {
    const J = jacobian(residuals, params, steps, project);
    let accepted = false;
    while (!accepted && lambda < 1e10) {
      const { A, g } = normalEquations(J, r, lambda, n);
      const delta = solveSmall(A, g.slice(), n);
      if (!delta) break;
      const trial = project(params.map((p, i) => p + delta[i]));
      const rt = residuals(trial);
      const trialCost = 0.5 * sumSquares(rt);
      if (trialCost < cost) {
        const small = trial.every((p, i) => Math.abs(p - params[i]) < 1e-3 * steps[i]);
        [params, r, cost] = [trial, rt, trialCost];
        lambda = Math.max(lambda / 2, 1e-5);
        accepted = true;
        if (small) return { params, cost };
      } else {
        lambda *= 2;
      }
    }
    if (!accepted) break;
  }
  return { params, cost };
}
