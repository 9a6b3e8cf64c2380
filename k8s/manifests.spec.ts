import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { API_NODE_FLAGS } from '../backend/src/platform/config/api-process';
import { GENERIC_PLAN_POOL_SIZE } from '../backend/src/platform/database/generic-plan-pool';
import { queueJobs } from '../backend/src/platform/metrics/metrics';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked by the schema validator
type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: any; data?: any; stringData?: any };

// The budget stated in k8s/README.md: Postgres' max_connections, less superuser_reserved_connections.
const POSTGRES_MAX_CONNECTIONS = 210;
const POSTGRES_RESERVED_CONNECTIONS = 3;
/** Each worker holds one connection outside its pool: the outbox relay's LISTEN client. */
const OUTBOX_LISTEN_CONNECTIONS_PER_WORKER = 1;

// Each kind we ship, validated against its Kubernetes JSON schema (kubernetes-models).
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/**
 * The custom resources we ship (prometheus-operator's ServiceMonitor, KEDA's ScaledObject), which
 * kubernetes-models does not know: the fields each object may have, so a misspelt one fails here
 * rather than being dropped by the API server. Keyed by the path of the object in the manifest.
 */
const CUSTOM_RESOURCES: Record<string, { required: string[]; fields: Record<string, string[]> }> = {
  'monitoring.coreos.com/v1/ServiceMonitor': {
    required: ['spec.selector', 'spec.endpoints'],
    fields: {
      spec: ['selector', 'endpoints', 'namespaceSelector', 'jobLabel', 'targetLabels', 'podTargetLabels', 'sampleLimit'],
      'spec.selector': ['matchLabels', 'matchExpressions'],
      'spec.endpoints[]': ['port', 'targetPort', 'path', 'scheme', 'interval', 'scrapeTimeout', 'bearerTokenSecret', 'authorization', 'tlsConfig', 'honorLabels', 'relabelings', 'metricRelabelings'],
      'spec.endpoints[].bearerTokenSecret': ['name', 'key', 'optional'],
    },
  },
  'keda.sh/v1alpha1/ScaledObject': {
    required: ['spec.scaleTargetRef', 'spec.triggers'],
    fields: {
      spec: ['scaleTargetRef', 'pollingInterval', 'cooldownPeriod', 'initialCooldownPeriod', 'idleReplicaCount', 'minReplicaCount', 'maxReplicaCount', 'fallback', 'advanced', 'triggers'],
      'spec.scaleTargetRef': ['apiVersion', 'kind', 'name', 'envSourceContainerName'],
      'spec.fallback': ['failureThreshold', 'replicas'],
      'spec.advanced': ['restoreToOriginalReplicaCount', 'horizontalPodAutoscalerConfig'],
      'spec.advanced.horizontalPodAutoscalerConfig': ['name', 'behavior'],
      'spec.triggers[]': ['type', 'name', 'metadata', 'authenticationRef', 'metricType', 'useCachedMetrics'],
      'spec.triggers[].metadata': ['serverAddress', 'query', 'threshold', 'activationThreshold', 'namespace', 'customHeaders', 'ignoreNullValues', 'queryParameters', 'unsafeSsl', 'timeout'],
    },
  },
};

/** The objects at a path like 'spec.endpoints[].bearerTokenSecret' (each element of an array marked []). */
function objectsAt(doc: unknown, path: string): Record<string, unknown>[] {
  let current: unknown[] = [doc];
  for (const step of path.split('.')) {
    const key = step.replace(/\[\]$/, '');
    current = current.flatMap((o) => {
      const value = (o as Record<string, unknown> | undefined)?.[key];
      if (value === undefined) return [];
      return step.endsWith('[]') ? (value as unknown[]) : [value];
    });
  }
  return current as Record<string, unknown>[];
}

/** Every manifest under k8s/ (subfolders too), kustomization files aside. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : yamlFiles(path);
    return entry.name.endsWith('.yaml') ? [relative(__dirname, path)] : [];
  });
}
const allYaml = yamlFiles(__dirname);
const files = allYaml.filter((f) => !f.endsWith('kustomization.yaml'));
const manifests: { file: string; doc: Manifest }[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(__dirname, file), 'utf8')).map((d) => ({ file, doc: d.toJS() as Manifest })),
);
const find = (kind: string, name: string) => manifests.find((m) => m.doc.kind === kind && m.doc.metadata.name === name)?.doc;
const all = (kind: string) => manifests.filter((m) => m.doc.kind === kind).map((m) => m.doc);

interface Kustomization {
  kind: string;
  resources?: string[];
  components?: string[];
  images?: { name: string; newTag: string }[];
  replacements?: {
    source: { kind: string; name: string; fieldPath: string; options?: { delimiter?: string; index?: number } };
    targets: { select: { kind: string; name: string }; fieldPaths: string[]; options?: { delimiter?: string; index?: number } }[];
  }[];
}
const kustomization = (dir: string) => parse(readFileSync(join(__dirname, dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
/** The release: the one `images:` entry, in the component both kustomizations use. */
const release = () => {
  const images = kustomization('release').images!;
  expect(images).toHaveLength(1);
  return images[0];
};
/** Do a selector's labels pick these labels? */
const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) => Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('Kubernetes manifests', () => {
  it.each(manifests.map((m) => [`${m.file}: ${m.doc.kind}/${m.doc.metadata.name}`, m.doc] as const))('%s is valid against its schema', (_, doc) => {
    const kind = `${doc.apiVersion}/${doc.kind}`;
    const custom = CUSTOM_RESOURCES[kind];
    if (custom) {
      expect(doc.metadata.name).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
      for (const path of custom.required) expect([path, objectsAt(doc, path).length]).toEqual([path, 1]);
      for (const [path, allowed] of Object.entries(custom.fields)) {
        for (const object of objectsAt(doc, path)) expect([path, Object.keys(object).filter((key) => !allowed.includes(key))]).toEqual([path, []]);
      }
      return;
    }
    const Model = MODELS[kind];
    expect(Model).toBeDefined();
    expect(() => new Model(doc as never).validate()).not.toThrow();
  });

  it('run the backend as at least two replicas behind a Service and a WebSocket-ready Ingress without session affinity', () => {
    const backendScaler = find('HorizontalPodAutoscaler', 'scoreline-backend')!;
    expect(backendScaler.spec.scaleTargetRef.name).toBe('scoreline-backend');
    expect(backendScaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find('Service', 'scoreline-backend')).toBeDefined();
    const annotations = find('Ingress', 'scoreline')!.metadata.annotations!;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
    // Socket.IO speaks WebSocket only: no long-polling session to pin to one replica.
    expect(Object.keys(annotations).filter((key) => /affinity|session-cookie/.test(key))).toEqual([]);
  });

  const podLabels = (deployment: string) => find('Deployment', deployment)!.spec.template.metadata.labels as Record<string, string>;
  const containerOf = (deployment: string) => find('Deployment', deployment)!.spec.template.spec.containers[0];
  /** The container port a Service port reaches (by name or number) in the Deployment it selects. */
  const targetOf = (deployment: string, targetPort: string | number) =>
    containerOf(deployment).ports.find((p: { name: string; containerPort: number }) => p.name === targetPort || p.containerPort === targetPort) as { name: string; containerPort: number } | undefined;
  /** The metrics ports: the API's METRICS_PORT, the workers' health port (which serves /metrics). */
  const metricsPorts = { 'scoreline-backend': 'metrics', 'scoreline-workers': 'health' } as const;

  it("serve the API's /metrics on METRICS_PORT, its own container port", () => {
    const api = containerOf('scoreline-backend');
    const env = Object.fromEntries(api.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(Number(env.METRICS_PORT)).toBe(targetOf('scoreline-backend', 'metrics')!.containerPort);
    expect(Number(env.METRICS_PORT)).not.toBe(Number(env.PORT));
    expect(targetOf('scoreline-backend', 'http')!.containerPort).toBe(Number(env.PORT));
  });

  it('keep the metrics ports out of the Ingress: it routes only the http port of a Service that exposes nothing else', () => {
    const backends = all('Ingress').flatMap((ingress) => [
      ...(ingress.spec.defaultBackend ? [ingress.spec.defaultBackend] : []),
      ...ingress.spec.rules.flatMap((rule: { http: { paths: { backend: unknown }[] } }) => rule.http.paths.map((p) => p.backend)),
    ]) as { service: { name: string; port: { name?: string; number?: number } } }[];
    expect(backends.length).toBeGreaterThan(0);
    for (const { service } of backends) {
      const routed = find('Service', service.name)!;
      const port = routed.spec.ports.find((p: { name: string; port: number }) => p.name === service.port.name || p.port === service.port.number);
      const deployment = Object.keys(metricsPorts).find((d) => selects(routed.spec.selector, podLabels(d)))!;
      expect([service.name, targetOf(deployment, port.targetPort)!.name]).toEqual([service.name, 'http']);
      // Not even reachable another way through that Service.
      for (const p of routed.spec.ports) expect([service.name, targetOf(deployment, p.targetPort)!.name]).toEqual([service.name, 'http']);
    }
  });

  it('scrape the API and the workers with ServiceMonitors through metrics Services, with METRICS_TOKEN from the Secret', () => {
    const secretKeys = Object.keys(find('Secret', 'scoreline-secrets')!.stringData);
    expect(secretKeys).toContain('METRICS_TOKEN');
    for (const [deployment, metricsPort] of Object.entries(metricsPorts)) {
      // The pods read METRICS_TOKEN from the same Secret the ServiceMonitor hands Prometheus.
      expect(containerOf(deployment).envFrom).toContainEqual({ secretRef: { name: 'scoreline-secrets' } });
      const monitor = find('ServiceMonitor', deployment)!;
      const services = all('Service').filter((service) => selects(monitor.spec.selector.matchLabels, service.metadata.labels));
      expect([deployment, services.map((service) => service.metadata.name)]).toEqual([deployment, [`${deployment}-metrics`]]);
      const [service] = services;
      expect(selects(service.spec.selector, podLabels(deployment))).toBe(true);
      expect(monitor.spec.endpoints.length).toBeGreaterThan(0);
      for (const endpoint of monitor.spec.endpoints) {
        expect(endpoint).toMatchObject({ path: '/metrics', bearerTokenSecret: { name: 'scoreline-secrets', key: 'METRICS_TOKEN' } });
        const port = service.spec.ports.find((p: { name: string }) => p.name === endpoint.port);
        expect([deployment, targetOf(deployment, port.targetPort)!.name]).toEqual([deployment, metricsPort]);
      }
    }
  });

  it('scale the workers on the queue depth they export, with a KEDA ScaledObject instead of a CPU autoscaler', async () => {
    const scaled = find('ScaledObject', 'scoreline-workers')!;
    expect(scaled.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'scoreline-workers' });
    expect(find('Deployment', scaled.spec.scaleTargetRef.name)).toBeDefined();
    // KEDA owns the workers' HPA: a second one would fight it.
    expect(all('HorizontalPodAutoscaler').filter((hpa) => hpa.spec.scaleTargetRef.name === 'scoreline-workers')).toEqual([]);
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(2);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
    const [trigger, ...others] = scaled.spec.triggers;
    expect(others).toEqual([]);
    expect(trigger.type).toBe('prometheus');
    // The gauge the workers' health port exports, its waiting jobs, as the workers' ServiceMonitor's job names them.
    const { name } = await queueJobs.get();
    expect(trigger.metadata.query).toContain(`${name}{`);
    expect(trigger.metadata.query).toContain('waiting');
    expect(trigger.metadata.query).toContain('job="scoreline-workers-metrics"');
    expect(Number(trigger.metadata.threshold)).toBeGreaterThan(0);
  });

  it('keep a worker up through voluntary disruptions and spread the workers over nodes, as the API', () => {
    for (const deployment of ['scoreline-backend', 'scoreline-workers']) {
      const budgets = all('PodDisruptionBudget').filter((pdb) => selects(pdb.spec.selector.matchLabels, podLabels(deployment)));
      expect([deployment, budgets.length]).toEqual([deployment, 1]);
      expect(budgets[0].spec.minAvailable).toBeGreaterThanOrEqual(1);
      const spread = find('Deployment', deployment)!.spec.template.spec.topologySpreadConstraints;
      expect(spread).toContainEqual(expect.objectContaining({ topologyKey: 'kubernetes.io/hostname', maxSkew: 1 }));
      expect(selects(spread[0].labelSelector.matchLabels, podLabels(deployment))).toBe(true);
    }
  });

  it("run the API with the API's Node flags (its heap limit)", () => {
    const command: string[] = find('Deployment', 'scoreline-backend')!.spec.template.spec.containers[0].command;
    expect(command.slice(0, -1)).toEqual(expect.arrayContaining([...API_NODE_FLAGS]));
    expect(command.at(-1)).toBe('dist/backend/src/main.js');
  });

  it('migrate with a Job', () => {
    const jobs = all('Job');
    expect(jobs).toHaveLength(1);
    expect(JSON.stringify(jobs[0])).toContain('migrate-cli.js');
  });

  const workloads = manifests.filter((m) => m.doc.kind === 'Deployment' || m.doc.kind === 'Job');
  const podOf = (doc: Manifest) => doc.spec.template.spec;

  it.each(workloads.map((m) => [`${m.doc.kind}/${m.doc.metadata.name}`, m.doc] as const))('%s runs locked down: non-root uid, read-only root, no privilege escalation, no capabilities', (_, doc) => {
    const pod = podOf(doc);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    for (const container of pod.containers) {
      expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      // Writable scratch space on a read-only root: /tmp from an emptyDir.
      const tmp = container.volumeMounts.find((v: { mountPath: string }) => v.mountPath === '/tmp');
      expect(pod.volumes.find((v: { name: string }) => v.name === tmp.name).emptyDir).toBeDefined();
    }
  });

  it('write the image tag once, in the release component that both kustomizations use, never :latest', () => {
    const { name, newTag } = release();
    expect(newTag).toMatch(/^\d+\.\d+\.\d+[a-z0-9.-]*$/);
    expect(kustomization('release').kind).toBe('Component');
    expect(kustomization('.').components).toEqual(['release']);
    expect(kustomization('migrate').components).toEqual(['../release']);
    // Every container names the bare image, for kustomize to tag; no manifest carries a tag of its own.
    const images = workloads.flatMap((m) => podOf(m.doc).containers.map((c: { image: string }) => c.image));
    expect(images.length).toBe(workloads.length);
    for (const image of images) expect(image).toBe(name);
    // The tag itself: once in all of k8s/ (comments included).
    const occurrences = allYaml.flatMap((file) => Array(readFileSync(join(__dirname, file), 'utf8').split(newTag).length - 1).fill(file));
    expect(occurrences).toEqual([join('release', 'kustomization.yaml')]);
    expect(allYaml.filter((file) => /:latest\b/.test(readFileSync(join(__dirname, file), 'utf8')))).toEqual([]);
  });

  it('name the migration Job after the release (a fresh Job each time), as kustomize renders k8s/migrate/', () => {
    const { replacements, resources } = kustomization('migrate');
    expect(resources).toEqual(['migrate-job.yaml']);
    const job = find('Job', 'scoreline-migrate-release')!;
    // What `kubectl apply -k k8s/migrate/` does: the release's tag on the image, then the replacement.
    const { name, newTag } = release();
    const tagged = JSON.parse(JSON.stringify(job).split(`"image":"${name}"`).join(`"image":"${name}:${newTag}"`)) as Manifest;
    expect(replacements).toHaveLength(1);
    const [{ source, targets }] = replacements!;
    expect(source).toMatchObject({ kind: 'Job', name: job.metadata.name });
    const [, containerName] = source.fieldPath.match(/^spec\.template\.spec\.containers\.\[name=([\w-]+)\]\.image$/)!;
    const image: string = tagged.spec.template.spec.containers.find((c: { name: string }) => c.name === containerName).image;
    const value = image.split(source.options!.delimiter!)[source.options!.index!];
    expect(value).toBe(newTag);
    expect(targets).toHaveLength(1);
    expect(targets[0].select).toEqual({ kind: 'Job', name: job.metadata.name });
    expect(targets[0].fieldPaths).toEqual(['metadata.name']);
    const parts = job.metadata.name.split(targets[0].options!.delimiter!);
    parts[targets[0].options!.index!] = value;
    const rendered = parts.join(targets[0].options!.delimiter!);
    expect(rendered).toBe(`scoreline-migrate-${newTag}`);
    // A Job's name is also its pods' job-name label value: at most 63 characters.
    expect(rendered.length).toBeLessThanOrEqual(63);
  });

  it('run the migration Job before the rollout, outside the kustomization', () => {
    const { resources } = kustomization('.');
    expect(resources!.filter((file) => file !== 'configmap.yaml').sort()).toEqual(['backend.yaml', 'monitoring.yaml', 'workers.yaml']);
    expect(manifests.filter((m) => m.doc.kind === 'Job').map((m) => m.file)).toEqual([join('migrate', 'migrate-job.yaml')]);
  });

  it('probe liveness on the process alone and readiness on Postgres and Redis, for the API and the workers', () => {
    const probes = (name: string) => {
      const [container] = podOf(find('Deployment', name)!).containers;
      return { live: container.livenessProbe.httpGet.path, ready: container.readinessProbe.httpGet.path };
    };
    expect(probes('scoreline-backend')).toEqual({ live: '/api/health/live', ready: '/api/health/ready' });
    expect(probes('scoreline-workers')).toEqual({ live: '/health/live', ready: '/health/ready' });
  });

  it('fit the Postgres connection budget at full scale, mid-rollout, with the migration Job running', () => {
    const pool = Number(find('ConfigMap', 'scoreline-config')!.data.DATABASE_POOL_SIZE);
    // The API's HPA, the workers' ScaledObject (KEDA's HPA takes its maxReplicaCount).
    const maxReplicas = (name: string) => find('HorizontalPodAutoscaler', name)?.spec.maxReplicas ?? find('ScaledObject', name)!.spec.maxReplicaCount;
    const maxPods = (name: string) => maxReplicas(name) + find('Deployment', name)!.spec.strategy.rollingUpdate.maxSurge;
    // An API process also opens the generic-plan pool (the global league's member search).
    const api = maxPods('scoreline-backend') * (pool + GENERIC_PLAN_POOL_SIZE);
    const workers = maxPods('scoreline-workers') * (pool + OUTBOX_LISTEN_CONNECTIONS_PER_WORKER);
    const migration = pool;
    expect(pool).toBeGreaterThanOrEqual(5);
    expect(api + workers + migration).toBeLessThanOrEqual(POSTGRES_MAX_CONNECTIONS - POSTGRES_RESERVED_CONNECTIONS);
  });

  it('catch a broken manifest (the validator is real)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });
});
