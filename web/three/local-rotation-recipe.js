// A bone's local rotation straight from the pose's local rotations, with
// no world rotations in between (docs/design.md §8a rewritten). For bone b mapped to
// joint j, its actual parent bone p (mapped or not, or the root's frame)
// and its nearest mapped ancestor bone a (joint i, an ancestor of j in
// kblend's tree; bones in between keep their rest, so U_p = U_a·R_a⁻¹·R_p):
//   local_b = U_p⁻¹ · U_b = R_p⁻¹ · A_i · (W_i⁻¹ · W_j) · A_j⁻¹ · R_b
// with A = W(P), the rest pose's world rotations, and W_i⁻¹ · W_j the
// product of the pose's local rotations from i (exclusive) down to j. So
// local_b = pre_b · L_c1 ⋯ L_j · post_b with two constants per bone; for a
// rig whose rest is kblend's own (identity rest rotations in the root's
// frame, T-pose, a bone per joint) pre and post are identity and the local
// rotation is the pose's quaternion itself.
import { JOINT_PARENTS, jointChain, multiplyQuat } from 'kblend';

const product = (q, r) => multiplyQuat(q, r, [0, 0, 0, 0]);
const conjugate = (q) => [-q[0], -q[1], -q[2], q[3]];
const isIdentity = (q) => q[0] === 0 && q[1] === 0 && q[2] === 0 && q[3] === 1;

// plan: rigPlan's fields; ancestors[b]: b's nearest mapped ancestor bone
// (-1: none). Returns null when some mapped bone's ancestor joint is not
// an ancestor of its joint in kblend's tree (then the writer goes through
// world rotations), else { count, bone, chainStart, chain, pre, post,
// hasPre, hasPost } for the mapped bones.
export function localRotationRecipe(plan, ancestors) {
  const { jointOf, restRotation, parentRotation, restInverse } = plan;
  const slice = (a, i) => (a ? Array.from(a.subarray(4 * i, 4 * i + 4)) : [0, 0, 0, 1]);
  const mapped = [];
  for (let b = 0; b < jointOf.length; b++) if (jointOf[b] >= 0) mapped.push(b);
  const entries = [];
  for (const b of mapped) {
    const j = jointOf[b];
    const i = ancestors[b] >= 0 ? jointOf[ancestors[b]] : -1;
    const chain = jointChain(JOINT_PARENTS, i, j);
    if (!chain) return null;
    const restOf = (k) => (k < 0 ? [0, 0, 0, 1] : conjugate(slice(restInverse, k)));
    const pre = product(conjugate(slice(parentRotation, b)), restOf(i));
    const post = product(slice(restInverse, j), slice(restRotation, b));
    entries.push({ b, chain, pre, post });
  }
  const count = entries.length;
  const chainStart = new Int32Array(count + 1);
  entries.forEach((e, k) => (chainStart[k + 1] = chainStart[k] + e.chain.length));
  return {
    count,
    bone: Int32Array.from(entries, (e) => e.b),
    chainStart,
    chain: Int8Array.from(entries.flatMap((e) => e.chain)),
    pre: Float64Array.from(entries.flatMap((e) => e.pre)),
    post: Float64Array.from(entries.flatMap((e) => e.post)),
    hasPre: Uint8Array.from(entries, (e) => (isIdentity(e.pre) ? 0 : 1)),
    hasPost: Uint8Array.from(entries, (e) => (isIdentity(e.post) ? 0 : 1)),
  };
}
