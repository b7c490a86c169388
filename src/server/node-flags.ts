// How Node runs the server: `npm start` (package.json) passes these, and so do the benchmarks and
// browser tests, which start the server as production does. A young generation of 2 x 4 MB
// instead of V8's 2 x 16 MB keeps the server's memory ~50 MB lower at 1M posts, at no measurable
// cost in throughput (short-lived request objects die young either way). A test keeps
// package.json in step.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
