import { peakRssMbOf, rssMbOf } from './node-process';
import { memoryText } from './live-goal';

describe('rssMbOf', () => {
  it("reads a live process's resident memory, and 0 for one that has ended", () => {
    const own = rssMbOf('self');
    expect(own).toBeGreaterThan(1);
    expect(peakRssMbOf('self')).toBeGreaterThanOrEqual(Math.floor(own));
    // Above Linux's largest pid (2^22): no such process.
    expect(rssMbOf(4_194_305)).toBe(0);
  });
});

describe('memoryText', () => {
  it("says whose memory it is, with the heap at that moment only when it was known", () => {
    expect(memoryText({ rssMb: 424, heapUsedMb: null, externalMb: null, of: 'the API process alone' })).toBe('peak RSS 424 MB, the API process alone');
    expect(memoryText({ rssMb: 541, heapUsedMb: 208, externalMb: 141, of: "the bench process: the API and the bench's driver" })).toBe(
      "peak RSS 541 MB, the bench process: the API and the bench's driver (JS heap 208 MB, external 141 MB at that moment)",
    );
  });
});
