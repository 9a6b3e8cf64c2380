/**
 * `.invalid` is reserved by RFC 2606 / RFC 6761 and never resolves: mail to it cannot be
 * delivered, so it is never attempted. The demo fans' addresses are at `demo.scoreline.invalid`.
 * (`.test` and `.example` are left alone: test setups point them at a capturing SMTP server.)
 */
export function isDeliverableAddress(address: string): boolean {
  const domain = address.trim().toLowerCase().replace(/>$/, '').split('@').pop() ?? '';
  return !/(^|\.)invalid\.?$/.test(domain);
}
