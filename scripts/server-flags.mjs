/**
 * Node flags the server runs with (`npm start` starts Node again with them when they are
 * missing; they can only be given when Node starts). V8 sizes its young generation by the
 * machine's memory: on a server with a few GB it grows to 128 MB, mostly empty after each
 * collection yet resident. 16 MB halves (semi-spaces) cost the shop's calls no measurable CPU
 * time (bench/memory.mjs) and keep about 90 MB out of the server's memory.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
