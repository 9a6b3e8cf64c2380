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
