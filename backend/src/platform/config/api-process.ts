/**
 * Node flags of every API process: `npm start`, the container's command, the Kubernetes
 * Deployment and the bench's API (specs hold the Dockerfile and the manifest to these).
 *
 * Under a steady stream of requests V8 lets garbage pile up in the old space for seconds before
 * a major GC: the 1M bench saw the API at 508–557 MB peak RSS while its heap after each GC was
 * ~100 MB. A 256 MB old space makes it collect sooner: 365 MB peak, the same latency. The whole
 * tables the API keeps (standings/ranked-table.ts) are typed arrays, outside this limit.
 *
 * A 32 MB semi-space (the young generation's, 16 MB by default): a request's garbage dies young
 * instead of being promoted into that old space. With two competitions' live tables on the heap
 * the 1M bench's API spent 647 → 1,050 profile samples in the collector under the leaderboard's
 * load and served 0.63–0.71 of health against 0.86–0.90 with one; with 32 MB it served 0.96 and
 * 1.02, and its peak RSS fell (661–678 → 625 MB: less of the old space ever filled).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-old-space-size=256', '--max-semi-space-size=32'];

/**
 * glibc malloc settings of every server process, the API's and the workers' (environment: read
 * when the process starts; the container image sets them, `npm start` and the bench's processes
 * too). Typed arrays of a big table (4 MB a column at 1M members) and pg's buffers of its rows
 * are malloc'd outside the JS heap. glibc serves the first such block with mmap and gives it back
 * when freed, but then raises its mmap threshold to that size, so every later block of up to
 * 32 MB comes from the heap, where freed memory stays with the process. A fixed threshold
 * (MALLOC_MMAP_THRESHOLD_) keeps big blocks on mmap; two arenas (MALLOC_ARENA_MAX) keep V8's and
 * libuv's threads from spreading small ones over eight per core. With two competitions live at
 * 1M the API's peak RSS went 623–629 → 541–564 MB, its RSS once settled 604 → 470 MB (of which
 * heap and typed arrays ~345 MB either way), the same ratios to the floors (docs/benchmarks.md).
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
