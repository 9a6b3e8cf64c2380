/**
 * Node flags of every API process: `npm start`, the container's command, the Kubernetes
 * Deployment and the bench's API (specs hold the Dockerfile and the manifest to these).
 *
 * Under a steady stream of requests V8 lets garbage pile up in the old space for seconds before
 * a major GC: the 1M bench saw the API at 508–557 MB peak RSS while its heap after each GC was
 * ~100 MB. A 256 MB old space makes it collect sooner: 365 MB peak, the same latency. The whole
 * tables the API keeps (standings/ranked-table.ts) are typed arrays, outside this limit.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-old-space-size=256'];
