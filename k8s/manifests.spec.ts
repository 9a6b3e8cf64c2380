import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked by the schema validator
type Manifest = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any };

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
    const backend = find('Deployment', 'scoreline-backend')!;
    expect(backend.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(find('Service', 'scoreline-backend')).toBeDefined();
    const annotations = find('Ingress', 'scoreline')!.metadata.annotations!;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
  });

  it('scale the workers with an autoscaler and migrate with a Job', () => {
    const hpa = find('HorizontalPodAutoscaler', 'scoreline-workers')!;
    expect(hpa.spec.scaleTargetRef.name).toBe('scoreline-workers');
    expect(find('Deployment', hpa.spec.scaleTargetRef.name)).toBeDefined();
    expect(JSON.stringify(find('Job', 'scoreline-migrate'))).toContain('migrate-cli.js');
  });

  it('catch a broken manifest (the validator is real)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });
});
