import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { API_NODE_FLAGS } from '../backend/src/config/api-process';
import { GENERIC_PLAN_POOL_SIZE } from '../backend/src/database/generic-plan-pool';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked by the schema validator
type Manifest = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any; data?: any };

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

const files = readdirSync(__dirname).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const manifests: { file: string; doc: Manifest }[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(__dirname, file), 'utf8')).map((d) => ({ file, doc: d.toJS() as Manifest })),
);
const find = (kind: string, name: string) => manifests.find((m) => m.doc.kind === kind && m.doc.metadata.name === name)?.doc;

describe('Kubernetes manifests', () => {
  it.each(manifests.map((m) => [`${m.file}: ${m.doc.kind}/${m.doc.metadata.name}`, m.doc] as const))('%s is valid against its schema', (_, doc) => {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    expect(Model).toBeDefined();
    expect(() => new Model(doc as never).validate()).not.toThrow();
  });

  it('run the backend as at least two replicas behind a Service and a WebSocket-ready Ingress', () => {
    const backendScaler = find('HorizontalPodAutoscaler', 'scoreline-backend')!;
    expect(backendScaler.spec.scaleTargetRef.name).toBe('scoreline-backend');
    expect(backendScaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find('Service', 'scoreline-backend')).toBeDefined();
    const annotations = find('Ingress', 'scoreline')!.metadata.annotations!;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
  });

  it("run the API with the API's Node flags (its heap limit)", () => {
    const command: string[] = find('Deployment', 'scoreline-backend')!.spec.template.spec.containers[0].command;
    expect(command.slice(0, -1)).toEqual(expect.arrayContaining([...API_NODE_FLAGS]));
    expect(command.at(-1)).toBe('dist/backend/src/main.js');
  });

  it('scale the workers with an autoscaler and migrate with a Job', () => {
    const hpa = find('HorizontalPodAutoscaler', 'scoreline-workers')!;
    expect(hpa.spec.scaleTargetRef.name).toBe('scoreline-workers');
    expect(find('Deployment', hpa.spec.scaleTargetRef.name)).toBeDefined();
    expect(JSON.stringify(find('Job', 'scoreline-migrate'))).toContain('migrate-cli.js');
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

  it('pin every image to the version tag kustomization.yaml sets, never :latest', () => {
    const kustomization = parse(readFileSync(join(__dirname, 'kustomization.yaml'), 'utf8')) as { images: { name: string; newTag: string }[] };
    const [{ name, newTag }] = kustomization.images;
    expect(newTag).toMatch(/^\d+\.\d+\.\d+/);
    const images = workloads.flatMap((m) => podOf(m.doc).containers.map((c: { image: string }) => c.image));
    expect(images.length).toBe(workloads.length);
    // The migration Job is applied outside kustomize, so its tag is written out and must match.
    for (const image of images) expect(image).toBe(`${name}:${newTag}`);
  });

  it('run the migration Job before the rollout, outside the kustomization', () => {
    const kustomization = parse(readFileSync(join(__dirname, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect(kustomization.resources).not.toContain('migrate-job.yaml');
    expect(kustomization.resources.filter((file) => file !== 'configmap.yaml').sort()).toEqual(['backend.yaml', 'workers.yaml']);
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
    const maxPods = (name: string) => find('HorizontalPodAutoscaler', name)!.spec.maxReplicas + find('Deployment', name)!.spec.strategy.rollingUpdate.maxSurge;
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
