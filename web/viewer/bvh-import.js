// The BVH importer moved to import/bvh-import.js; this path stays for the
// IK benchmark (tests/bench/ik.js), which imports it from here, until
// importBvh comes from the library itself.
export * from './import/bvh-import.js';
