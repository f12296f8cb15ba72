// Uses the installed package by name from a CommonJS file: require() of
// kblend's ES module, which Node supports from 20.19 (package.json's
// engines says so). Prints one JSON line.
const { JOINT_COUNT, loadKBlend } = require('kblend');

loadKBlend().then((kb) => {
  const preview = kb.createPreview({ gesture: 'wave' });
  console.log(
    JSON.stringify({
      joints: JOINT_COUNT,
      envelope: kb.envelope(0.5),
      frames: preview.frameCount,
      node: process.versions.node,
    }),
  );
});
