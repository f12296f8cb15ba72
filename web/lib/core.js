// Loads the WebAssembly core and gives typed views over its fixed heap.
// The heap never grows (built with ALLOW_MEMORY_GROWTH=0), so a view made
// once stays valid for the life of the module.
import createKBlendCore from './wasm/kblend_core.js';

const WASM_URL = new URL('./wasm/kblend_core.wasm', import.meta.url);

async function defaultWasmBinary() {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node;
  if (isNode) {
    // A variable specifier keeps bundlers from pulling node:fs into the web build.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    return readFile(WASM_URL);
  }
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`kblend: could not load ${WASM_URL} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

export async function loadCore({ wasmBinary } = {}) {
  const binary = wasmBinary ?? (await defaultWasmBinary());
  const module = await createKBlendCore({ wasmBinary: binary });
  return new Core(module);
}

export class Core {
  constructor(module) {
    this.module = module;
    this.fn = module; // exported C functions are module._kb_*
  }

  get f32() {
    return this.module.HEAPF32;
  }

  get f64() {
    return this.module.HEAPF64;
  }

  get i32() {
    return this.module.HEAP32;
  }

  get u8() {
    return this.module.HEAPU8;
  }

  // Bytes from the core's allocator; the caller frees them (dispose()).
  alloc(bytes) {
    const ptr = this.module._malloc(Math.max(8, bytes));
    if (!ptr) throw new RangeError(`kblend: out of WebAssembly memory allocating ${bytes} bytes`);
    return ptr;
  }

  free(ptr) {
    if (ptr) this.module._free(ptr);
  }

  floats(ptr, count) {
    return new Float32Array(this.module.HEAPF32.buffer, ptr, count);
  }

  doubles(ptr, count) {
    return new Float64Array(this.module.HEAPF64.buffer, ptr, count);
  }

  statusText(status) {
    const ptr = this.module._kb_status_text(status);
    let end = ptr;
    const heap = this.module.HEAPU8;
    while (heap[end] !== 0) end++;
    return new TextDecoder().decode(heap.subarray(ptr, end));
  }

  // Throws when a C entry point returned an error status. JS checks the
  // arguments first, so this means a broken invariant, not bad input.
  check(status, what) {
    if (status !== 0) throw new Error(`kblend: ${what} failed: ${this.statusText(status)}`);
  }
}
