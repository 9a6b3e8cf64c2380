import { isDeliverableAddress } from './deliverable-address';

describe('isDeliverableAddress', () => {
  it('refuses addresses at the reserved .invalid domain (the demo fans)', () => {
    expect(isDeliverableAddress('dana_smith@demo.scoreline.invalid')).toBe(false);
    expect(isDeliverableAddress('Dana <DANA@DEMO.SCORELINE.INVALID>')).toBe(false);
    expect(isDeliverableAddress('x@invalid')).toBe(false);
  });

  it('lets every other address through, test domains included', () => {
    expect(isDeliverableAddress('fan@example.com')).toBe(true);
    expect(isDeliverableAddress('admin@scoreline.test')).toBe(true);
    expect(isDeliverableAddress('someone@invalid-domain.com')).toBe(true);
    expect(isDeliverableAddress('someone@notinvalid.org')).toBe(true);
  });
});
