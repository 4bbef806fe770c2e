// The site's server logs an error with its request's id (server.js fixes it), so the line meets the API's lines.
import { describe, expect, it, vi } from 'vitest';
import { handleError } from './entry.server.tsx';

/** What handleError wrote to console.error (the suite fails a test on any other console.error). */
function logged(run: () => void): unknown[][] {
  const lines: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args));
  run();
  return lines;
}

const request = (init: RequestInit = {}) => new Request('http://localhost/movies', { ...init, headers: { 'x-request-id': 'b0f3c1d2e4a5968778695a4b3c2d1e0f' } });
const context = { request: request(), params: {}, context: undefined as never };

describe('handleError', () => {
  it("names the request's id with the error", () => {
    const error = new Error('the loader failed');
    expect(logged(() => handleError(error, context))).toEqual([['web: request b0f3c1d2e4a5968778695a4b3c2d1e0f:', error]]);
  });

  it('logs nothing for a request the visitor abandoned', () => {
    const controller = new AbortController();
    controller.abort();
    expect(logged(() => handleError(new Error('aborted'), { ...context, request: request({ signal: controller.signal }) }))).toEqual([]);
  });
});
