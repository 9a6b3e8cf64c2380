import { describe, expect, it } from 'vitest';
import { clientErrorReport, errorMessage, isChunkLoadError, pathOnly } from './client-errors';

describe('client error reports', () => {
  it('tell a chunk that failed to load, in every browser, from other errors', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://scoreline.test/assets/a-1.js', // Chromium
      'error loading dynamically imported module: https://scoreline.test/assets/a-1.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/a-1.css', // Vite
    ]) {
      expect([message, isChunkLoadError(new TypeError(message))]).toEqual([message, true]);
    }
    expect(isChunkLoadError(new Error("Cannot read properties of undefined (reading 'points')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('say what was thrown, whatever it was', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new RangeError())).toBe('RangeError');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage('  ')).toBe('Unknown error');
  });

  it('keep the path only', () => {
    expect(pathOnly('/join/ABC?token=secret#x')).toBe('/join/ABC');
    expect(pathOnly('/leagues/3#table')).toBe('/leagues/3');
    expect(pathOnly('?x=1')).toBe('/');
  });

  it('keep every field within what the server takes', () => {
    const stack = Array.from({ length: 40 }, (_, i) => `    at Component${i} (${'x'.repeat(150)})`).join('\n');
    const report = clientErrorReport(new Error(`${'é'.repeat(499)}😀 and more`), '/leagues/1?code=secret', `\n${stack}`);
    // 499 characters and half an emoji: the half is dropped, not sent as a lone surrogate.
    expect(report.message).toBe('é'.repeat(499));
    expect(report.route).toBe('/leagues/1');
    const lines = report.component_stack!.split('\n');
    expect(lines[0]).toMatch(/^at Component0 /);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(report.component_stack!.length).toBeLessThanOrEqual(2000);
    expect(report.build).toBeUndefined(); // no build to name outside a production build
  });

  it('drop NUL characters (the server refuses them) and leave out a missing stack', () => {
    const report = clientErrorReport(new Error('a\u0000b'), '/home', null);
    expect(report.message).toBe('ab');
    expect('component_stack' in report).toBe(false);
  });
});
