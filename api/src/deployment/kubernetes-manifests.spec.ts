import { describe, expect, it } from '@jest/globals';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';
import { HealthController } from '../health/health.controller.js';

const ROOT = new URL('../../../', import.meta.url);
const BASE = new URL('deploy/kubernetes/', ROOT);

/** The schema of every kind the base may hold (kubernetes-models: Kubernetes' OpenAPI, as JSON schemas). */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [key: string]: any;
}

const kustomization = parse(fs.readFileSync(new URL('kustomization.yaml', BASE), 'utf8')) as {
  resources: string[];
  images: { name: string; newName: string; newTag: string }[];
};

function manifests(): { file: string; object: Manifest }[] {
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(fs.readFileSync(new URL(file, BASE), 'utf8')).map((doc) => {
      expect(doc.errors).toEqual([]);
      return { file, object: doc.toJS() as Manifest };
    }),
  );
}

const all = manifests();
const ofKind = (kind: string) => all.map((m) => m.object).filter((o) => o.kind === kind);
const named = (kind: string, name: string) => {
  const found = ofKind(kind).find((o) => o.metadata.name === name);
  expect(found).toBeDefined();
  return found!;
};
const deployments = () => ofKind('Deployment');
const podSpec = (deployment: Manifest) => deployment.spec.template.spec as IPodSpec;
const containers = (deployment: Manifest) => podSpec(deployment).containers;
const envValue = (container: IContainer, name: string) => container.env?.find((e) => e.name === name)?.value;
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The variable names of README's "Configuration" table (first column, `NAME` or several per row). */
function documentedVariables(): Set<string> {
  const readme = fs.readFileSync(new URL('README.md', ROOT), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]!.split(/^## /m)[0]!;
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return new Set(names);
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it('lists every manifest of the folder in kustomization.yaml, and only existing ones', () => {
    const files = fs
      .readdirSync(BASE)
      .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
      .sort();
    expect([...kustomization.resources].sort()).toEqual(files);
  });

  it('validates every object against the Kubernetes schema of its kind', () => {
    expect(all.length).toBeGreaterThanOrEqual(11);
    for (const { file, object } of all) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      if (!Model) throw new Error(`${file}: no schema for ${object.apiVersion} ${object.kind}`);
      expect(() => new Model(object).validate()).not.toThrow();
      expect(object.metadata.labels?.['app.kubernetes.io/name']).toBe('comptoir');
    }
    // The validator does reject a wrong object (it is not a no-op).
    const broken = structuredClone(named('Deployment', 'comptoir-api'));
    broken.spec.replicas = 'two';
    expect(() => new Deployment(broken).validate()).toThrow();
  });

  it('runs N API replicas that never build, and exactly one builder replaced by Recreate', () => {
    const api = named('Deployment', 'comptoir-api');
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(envValue(containers(api)[0]!, 'SITE_BUILDER')).toBe('false');
    expect(api.spec.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });

    const builder = named('Deployment', 'comptoir-builder');
    expect(builder.spec.replicas).toBe(1);
    expect(builder.spec.strategy).toEqual({ type: 'Recreate' });
    expect(envValue(containers(builder)[0]!, 'SITE_BUILDER')).toBe('true');

    // The image the kustomization replaces is the one the containers name.
    for (const d of deployments())
      for (const c of containers(d)) expect(kustomization.images.map((i) => i.name)).toContain(c.image);
  });

  it('probes routes the API has, and bounds and confines every container', () => {
    const controllerPath = Reflect.getMetadata(PATH_METADATA, HealthController) as string;
    const routes = new Set(
      ['check', 'live', 'ready'].map((method) => {
        const sub = Reflect.getMetadata(PATH_METADATA, HealthController.prototype[method as keyof HealthController]) as string;
        return `/api/${controllerPath}${sub === '/' ? '' : `/${sub}`}`;
      }),
    );
    expect(routes).toEqual(new Set(['/api/health', '/api/health/live', '/api/health/ready']));

    for (const deployment of deployments()) {
      const spec = podSpec(deployment);
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001 });
      expect(spec.automountServiceAccountToken).toBe(false);
      for (const c of spec.containers) {
        expect(c.livenessProbe?.httpGet?.path).toBe('/api/health/live');
        expect(c.readinessProbe?.httpGet?.path).toBe('/api/health/ready');
        expect(routes).toContain(c.livenessProbe!.httpGet!.path);
        expect(routes).toContain(c.readinessProbe!.httpGet!.path);
        const portNames = (c.ports ?? []).map((p) => p.name);
        for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe])
          expect(portNames).toContain(probe?.httpGet?.port);

        for (const kind of ['requests', 'limits'] as const) {
          expect(c.resources?.[kind]).toMatchObject({ cpu: expect.anything(), memory: expect.anything() });
        }
        expect(c.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // A read-only root: the process's writable paths are volumes (DATA_DIR, /tmp, SITE_DIR...).
        const mounts = (c.volumeMounts ?? []).map((m) => m.mountPath);
        expect(mounts).toEqual(expect.arrayContaining(['/data', '/tmp', '/srv/site']));
        for (const m of c.volumeMounts ?? []) expect(spec.volumes?.map((v) => v.name)).toContain(m.name);
      }
    }
    const siteMount = (d: Manifest) => containers(d)[0]!.volumeMounts!.find((m) => m.mountPath === '/srv/site')!;
    expect(siteMount(named('Deployment', 'comptoir-api')).readOnly).toBe(true);
    expect(siteMount(named('Deployment', 'comptoir-builder')).readOnly).toBeUndefined();
  });

  it('wires Services, Ingress, budget, autoscaler, volume and configuration to what exists', () => {
    const podLabels = (name: string) => named('Deployment', name).spec.template.metadata.labels as Record<string, string>;
    const portNamesOf = (name: string) =>
      containers(named('Deployment', name)).flatMap((c) => (c.ports ?? []).map((p) => p.name));
    for (const service of ofKind('Service')) {
      const target = deployments().filter((d) => selects(service.spec.selector, podLabels(d.metadata.name)));
      expect(target).toHaveLength(1);
      for (const port of service.spec.ports) expect(portNamesOf(target[0]!.metadata.name)).toContain(port.targetPort);
    }
    expect(selects(named('Service', 'comptoir-api').spec.selector, podLabels('comptoir-api'))).toBe(true);

    const ingress = named('Ingress', 'comptoir');
    const routes = new Map<string, string>(
      ingress.spec.rules.flatMap((rule: any) => rule.http.paths.map((p: any) => [p.path, p.backend.service.name])),
    );
    expect(routes.get('/api')).toBe('comptoir-api');
    expect(routes.get('/storage')).toBe('comptoir-api');
    for (const rule of ingress.spec.rules)
      for (const p of rule.http.paths) {
        const service = named('Service', p.backend.service.name);
        expect(service.spec.ports.map((port: any) => port.name)).toContain(p.backend.service.port.name);
      }

    expect(selects(named('PodDisruptionBudget', 'comptoir-api').spec.selector.matchLabels, podLabels('comptoir-api'))).toBe(true);
    // No budget can select the single builder: it would block every node drain.
    for (const pdb of ofKind('PodDisruptionBudget'))
      expect(selects(pdb.spec.selector.matchLabels, podLabels('comptoir-builder'))).toBe(false);

    const hpa = named('HorizontalPodAutoscaler', 'comptoir-api');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'comptoir-api' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);

    for (const deployment of deployments()) {
      const spec = podSpec(deployment);
      for (const volume of spec.volumes ?? [])
        if (volume.persistentVolumeClaim) named('PersistentVolumeClaim', volume.persistentVolumeClaim.claimName);
      for (const c of spec.containers)
        for (const source of c.envFrom ?? []) {
          if (source.configMapRef) named('ConfigMap', source.configMapRef.name!);
          if (source.secretRef) named('Secret', source.secretRef.name!);
        }
    }
    expect(named('PersistentVolumeClaim', 'comptoir-site').spec.accessModes).toEqual(['ReadWriteMany']);
  });

  // kustomize itself, where Debian's kubectl is installed (it embeds kustomize): the base renders, in its
  // namespace, with the image set in kustomization.yaml.
  const kubectl = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  (kubectl ? it : it.skip)('renders with kubectl kustomize', () => {
    const rendered = parseAllDocuments(execFileSync('kubectl', ['kustomize', BASE.pathname], { encoding: 'utf8' })).map(
      (doc) => doc.toJS() as Manifest,
    );
    expect(rendered).toHaveLength(all.length);
    for (const object of rendered) {
      if (object.kind !== 'Namespace') expect(object.metadata).toMatchObject({ namespace: 'comptoir' });
      new MODELS[`${object.apiVersion}/${object.kind}`]!(object).validate();
    }
    const images = rendered.filter((o) => o.kind === 'Deployment').flatMap((d) => containers(d).map((c) => c.image));
    expect(new Set(images)).toEqual(new Set([`${kustomization.images[0]!.newName}:${kustomization.images[0]!.newTag}`]));
  });

  it('sets only variables the README documents', () => {
    const documented = documentedVariables();
    expect(documented.has('SITE_BUILDER')).toBe(true); // the table was found and read
    const used = new Set<string>();
    for (const map of ofKind('ConfigMap')) Object.keys(map.data ?? {}).forEach((k) => used.add(k));
    for (const secret of ofKind('Secret')) Object.keys({ ...secret.data, ...secret.stringData }).forEach((k) => used.add(k));
    for (const d of deployments()) for (const c of containers(d)) (c.env ?? []).forEach((e) => used.add(e.name));
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    // The placeholders say so.
    expect(fs.readFileSync(new URL('secret.example.yaml', BASE), 'utf8')).toMatch(/EXAMPLE ONLY/);
    for (const secret of ofKind('Secret'))
      for (const value of Object.values<string>(secret.stringData ?? {}))
        expect(value === '' || value.includes('CHANGE-ME')).toBe(true);
  });
});
