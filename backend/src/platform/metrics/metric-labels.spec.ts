import { metricsAccessAllowed, routeTemplate, statusClass, streamEntryAgeSeconds } from './metric-labels';

describe('metric labels', () => {
  it('folds a status into its class', () => {
    expect(statusClass(200)).toBe('2xx');
    expect(statusClass(204)).toBe('2xx');
    expect(statusClass(404)).toBe('4xx');
    expect(statusClass(503)).toBe('5xx');
    expect(statusClass(0)).toBe('other');
  });

  it('labels a request by the route template it matched, not its URL', () => {
    expect(routeTemplate({ baseUrl: '', route: { path: '/api/leagues/:id' } })).toBe('/api/leagues/:id');
    expect(routeTemplate({ baseUrl: '/api/admin/queues', route: { path: '/api/queues' } })).toBe('/api/admin/queues/api/queues');
    expect(routeTemplate({ baseUrl: '' })).toBe('unmatched');
  });

  it('reads a stream entry age from its id, and refuses an id without a time', () => {
    expect(streamEntryAgeSeconds('1700000000000-3', 1700000001500)).toBe(1.5);
    expect(streamEntryAgeSeconds('1700000002000-0', 1700000001500)).toBe(0); // clocks a little apart
    expect(streamEntryAgeSeconds('garbage', 1700000001500)).toBeNull();
  });

  it('opens /metrics without a token, and with one only to the exact bearer', () => {
    expect(metricsAccessAllowed(undefined, null)).toBe(true);
    expect(metricsAccessAllowed('Bearer s3cret-token', 's3cret-token')).toBe(true);
    expect(metricsAccessAllowed('Bearer wrong-token!', 's3cret-token')).toBe(false);
    expect(metricsAccessAllowed(undefined, 's3cret-token')).toBe(false);
  });
});
