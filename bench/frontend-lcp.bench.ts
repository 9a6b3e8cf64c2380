import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { BenchCase } from './run';

// Code that runs in the page (page.evaluate): the browser's globals, which the bench's Node types lack.
declare const localStorage: { setItem(key: string, value: string): void };
declare const performance: { getEntriesByType(type: string): { name: string; transferSize: number }[] };
declare class PerformanceObserver {
  constructor(callback: (list: { getEntries(): { startTime: number; element?: { tagName: string; textContent: string | null } | null }[] }) => void);
  observe(options: { type: string; buffered: boolean }): void;
}

/**
 * Largest Contentful Paint of /home and of /dashboard (signed in) on a cold cache, in Debian's
 * Chromium emulating a mid-range phone through the DevTools protocol: 4× CPU slowdown, 1.6 Mbps
 * down / 750 kbps up / 150 ms RTT, a 390×844 screen. The built frontend is served by the booted
 * API exactly as in production (precompressed, cache headers). Median of RUNS fresh browser contexts each.
 * Each line names the LCP element; BENCH_LCP_TRACE=1 prints every load's waterfall to stderr.
 */
const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
const GOAL_MS = 2500;

interface Sample {
  lcpMs: number;
  /** What the largest paint was, e.g. `H1 "Dashboard"`: what to make appear sooner. */
  lcpElement: string;
  scriptKb: number;
  encoding: string;
}

async function measure(browser: Browser, url: string, token: string | null): Promise<Sample> {
  // A new context is a new profile: empty HTTP cache, empty localStorage.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (token) await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const tracing = Boolean(process.env.BENCH_LCP_TRACE);
    if (tracing) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const encodings = new Map<string, string>();
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) encodings.set(res.url(), res.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1000);
    const { lcp, element, scriptBytes } = await page.evaluate(
      () =>
        new Promise<{ lcp: number; element: string; scriptBytes: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1];
            const scripts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
            resolve({
              lcp: last?.startTime ?? -1,
              element: last?.element ? `${last.element.tagName} "${(last.element.textContent ?? '').trim().slice(0, 40)}"` : '?',
              scriptBytes: scripts.reduce((s, e) => s + e.transferSize, 0),
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    if (lcp < 0) throw new Error(`no largest-contentful-paint entry for ${url}`);
    if (tracing) {
      const { profile } = await cdp.send('Profiler.stop');
      process.stderr.write(`[frontend-lcp] ${url} main-thread JavaScript before the LCP, by script:\n  ${cpuByScript(profile, lcp).join('\n  ')}\n`);
      // The load's waterfall, to see what the LCP waited for.
      const trace = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as unknown as { name: string; startTime: number; responseEnd: number }[]).map(
          (e) => `${Math.round(e.startTime)}→${Math.round(e.responseEnd)} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
        ),
      );
      process.stderr.write(`[frontend-lcp] ${url} LCP ${Math.round(lcp)} ms ${element}\n  ${trace.join('\n  ')}\n`);
    }
    return { lcpMs: lcp, lcpElement: element, scriptKb: scriptBytes / 1000, encoding: [...new Set(encodings.values())].join('+') };
  } finally {
    await context.close();
  }
}

type CpuProfile = { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples?: number[]; timeDeltas?: number[]; startTime: number };

/** Self time (ms, at the throttled rate) per script and the top functions, of samples before `untilMs` after the profile's start. */
function cpuByScript(profile: CpuProfile, untilMs: number): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const delta = (profile.timeDeltas?.[i] ?? 0) / 1000;
    at += delta;
    if (at > untilMs) return;
    const frame = nodes.get(id)!;
    const script = frame.url.replace(/^https?:\/\/[^/]+/, '') || `(${frame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + delta);
    const fn = `${frame.functionName || '(anonymous)'} ${script}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${Math.round(v)} ms ${k}`);
  return [...top(byScript, 12), '-- functions:', ...top(byFunction, 15)];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const frontendLcpCase: BenchCase = {
  name: 'frontend-lcp',
  async run(ctx) {
    if (!existsSync(join(process.env.FRONTEND_DIST ?? join(ROOT, 'frontend', 'dist'), 'index.html'))) {
      throw new Error('frontend/dist is not built (`npm run bench` builds it; the API serves it as in production)');
    }
    const origin = ctx.baseUrl.replace(/\/api$/, '');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const lines: string[] = [];
    try {
      for (const [path, token] of [['/home', null], ['/dashboard', ctx.adminToken]] as const) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, `${origin}${path}`, token));
        const lcp = median(samples.map((s) => s.lcpMs));
        const medianSample = samples.find((s) => s.lcpMs === lcp)!;
        lines.push(
          `frontend-lcp ${path}${token ? ' (signed in)' : ''}: LCP ${Math.round(lcp)} ms median of ${RUNS} cold loads ` +
            `(${samples.map((s) => Math.round(s.lcpMs)).join('/')} ms; goal ≤ ${GOAL_MS} ms: ${lcp <= GOAL_MS ? 'met' : 'NOT met'}), ` +
            `LCP element ${medianSample.lcpElement}, JavaScript transferred ${median(samples.map((s) => s.scriptKb)).toFixed(1)} kB (${samples[0].encoding}); phone profile: 4× CPU, 1.6 Mbps/750 kbps, 150 ms RTT`,
        );
      }
    } finally {
      await browser.close();
    }
    return lines;
  },
};

