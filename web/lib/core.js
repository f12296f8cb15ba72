// Loads the WebAssembly core and gives typed views over its fixed heap.
// The heap never grows (built with ALLOW_MEMORY_GROWTH=0), so a view made
// once stays valid for the life of the module.
import { abiValue, buildLimits, readAbiTable } from './abi.js';
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

class Core {
  constructor(module) {
    this.module = module;
    this.fn = module; // exported C functions are module._kb_*
    this.abi = readAbiTable(module, (ptr) => this.cString(ptr));
    this.limits = buildLimits(this.abi);
    this.OK = this.n('KB_OK');
  }

  // A number of the core's ABI table by name (throws when it has none).
  n(name) {
    return abiValue(this.abi, name);
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

  // Size of the fixed heap, bytes.
  get heapBytes() {
    return this.module.HEAPU8.length;
  }

  // Bytes from the core's allocator for `what` (named in the error); the
  // caller frees them (dispose()). The module is built so that malloc
  // returns NULL instead of aborting, so a refusal leaves it working.
  alloc(bytes, what = 'a buffer') {
    const size = Math.max(8, bytes);
    const ptr = Number.isSafeInteger(size) && size < 2 ** 32 ? this.module._malloc(size) : 0;
    if (!ptr) {
      throw new RangeError(
        `kblend: out of memory allocating ${what}: ${bytes} bytes asked, the WebAssembly heap is ${this.heapBytes} bytes`,
      );
    }
    return ptr;
  }

  // The largest block the allocator can still give, bytes (a probe by
  // bisection: for leak checks and diagnostics).
  largestFreeBlock() {
    let lo = 0;
    let hi = this.heapBytes;
    while (hi - lo > 64) {
      const mid = Math.floor((lo + hi) / 2);
      const ptr = this.module._malloc(mid);
      if (ptr) {
        this.module._free(ptr);
        lo = mid;
      } else hi = mid;
    }
    return lo;
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

  // A NUL-terminated UTF-8 string of the heap.
  cString(ptr) {
    const heap = this.module.HEAPU8;
    let end = ptr;
    while (heap[end] !== 0) end++;
    return new TextDecoder().decode(heap.subarray(ptr, end));
  }

  statusText(status) {
    return this.cString(this.module._kb_status_text(status));
  }

  // Throws when a C entry point returned an error status. JS checks the
  // arguments first, so this is the core's own refusal of a value the JS
  // checks let through: a RangeError with the operation and the status.
  check(status, what) {
    if (status !== this.OK) {
      throw new RangeError(`kblend: ${what} was refused by the core: ${this.statusText(status)}`);
    }
  }
}
