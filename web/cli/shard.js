// --shard i/n: the i-th (1-based) of n disjoint parts of the sorted file
// list, round robin (files k with k mod n = i − 1), so that the parts are
// alike in size and in mix even when a folder of long takes sorts together.
export function takeShard(files, shard) {
  if (!shard) return files;
  return files.filter((_, k) => k % shard.count === shard.index - 1);
}
