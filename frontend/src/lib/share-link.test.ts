import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-link';

const link = { url: 'https://scoreline.example/join/ABCD2345', title: 'Join', text: 'Come' };

describe('share or copy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the share sheet when the device has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { share, canShare: () => true, clipboard: { writeText: vi.fn() } });
    expect(await shareOrCopy(link)).toBe('shared');
    expect(share).toHaveBeenCalledWith(link);
  });

  it('treats a closed sheet as cancelled, not as an error', async () => {
    vi.stubGlobal('navigator', { share: vi.fn().mockRejectedValue(new DOMException('no', 'AbortError')), clipboard: { writeText: vi.fn() } });
    expect(await shareOrCopy(link)).toBe('cancelled');
  });

  it('copies the link where there is no share sheet, and says when it cannot', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareOrCopy(link)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(link.url);
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    expect(await shareOrCopy(link)).toBe('failed');
  });
});
