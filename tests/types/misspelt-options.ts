// Compiled (not run) by tests/unit/lib/types.test.js: every options type is
// exact, so a misspelt key in an options literal is a type error. Each
// expected error below fails the compile if its key were accepted.
import { Object3D } from 'three';
import { hopfPath, loadKBlend } from '../../web/lib/kblend.js';
import {
  createCrowdBinding,
  createCrowdInstances,
  createRigBinding,
  crowdBodySegments,
  toAnimationClip,
} from '../../web/three/index.js';

async function misspelt(): Promise<void> {
  // @ts-expect-error 'wasmBinery' is not a loadKBlend option
  const kb = await loadKBlend({ wasmBinery: new Uint8Array(0) });
  const q = [0, 0, 0, 1];
  const pose = kb.idlePose();
  // @ts-expect-error 'atack' is not a createPreview option
  const preview = kb.createPreview({ atack: 0.2 });
  // @ts-expect-error 'blnd' is not a createPreview option
  kb.createPreview({ track: { times: [0], rotations: pose }, blnd: 'none' });
  // @ts-expect-error 'rotation' is not a track key
  kb.createPreview({ track: { times: [0], rotations: pose, rotation: pose } });
  // @ts-expect-error 'markrs' is not an evaluateFrame option
  preview.evaluateFrame(0, { markrs: true });
  // @ts-expect-error 'matrixLayot' is not a createCrowd option
  kb.createCrowd({ members: [{}], matrixLayot: 'joint' });
  // @ts-expect-error 'releas' is not a member's option
  kb.createCrowd({ members: [{ releas: 0.2 }] });
  // @ts-expect-error 'lamda' is not a createFilter option
  kb.createFilter({ lamda: 18 });
  // @ts-expect-error 'rat' is not a kli option
  kb.kli(q, q, { rat: 1 });
  // @ts-expect-error 'shortestpath' is not a kliAt option
  kb.kliAt(q, q, 1, { shortestpath: true });
  // @ts-expect-error 'shap' is not a fitEnvelope option
  kb.fitEnvelope({ times: [0], rotations: pose }, { shap: 'kli' });
  // @ts-expect-error 'atack' is not an envelope option
  kb.envelope(0.5, { atack: 0.1 });
  // @ts-expect-error 'maps' is not an importBvh option
  kb.importBvh('', { maps: {} });
  // @ts-expect-error 'unit' is not an exportBvh option
  kb.exportBvh(preview, { unit: 'm' });
  // @ts-expect-error 'heigth' is not a bodyContacts option
  kb.bodyContacts(pose, { heigth: 1.7 });
  // @ts-expect-error 'hieght' is not a forwardKinematics option
  kb.forwardKinematics(pose, undefined, { hieght: 1.7 });
  // @ts-expect-error 'outs' is not a forwardKinematicsBatch option
  kb.forwardKinematicsBatch(pose, null, { outs: undefined });
  // @ts-expect-error 'heigt' is not a validateClap option
  kb.validateClap(pose, { heigt: 1.7 });
  // @ts-expect-error 'seperation' is not a solveClap option
  kb.solveClap(pose, { seperation: 0.02 });
  // @ts-expect-error 'referenceWieght' is not a solveIK request key
  kb.solveIK({ tasks: [], referenceWieght: 1 });
  // @ts-expect-error 'drivn' is not a retargetClip request key
  kb.retargetClip({ positions: new Float64Array(66), drivn: [] });
  // @ts-expect-error 'sample' is not a hopfPath option
  hopfPath(kb, q, q, { sample: 8 });
  const rig = new Object3D();
  // @ts-expect-error 'maps' is not a createRigBinding option
  createRigBinding(rig, { maps: {} });
  // @ts-expect-error 'rigg' is not a toAnimationClip option
  toAnimationClip(preview, { rigg: rig });
  const crowd = kb.createCrowd({ members: [{}] });
  // @ts-expect-error 'rset' is not a createCrowdBinding option
  createCrowdBinding([rig], crowd, { rset: 'auto' });
  // @ts-expect-error 'segment' is not a createCrowdInstances option
  createCrowdInstances(crowd, { segment: [] });
  // @ts-expect-error 'raduis' is not a crowdBodySegments option
  crowdBodySegments(crowd.bind, { raduis: 0.05 });
}

export { misspelt };
