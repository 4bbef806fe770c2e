import { describe, expect, it } from 'vitest';
import { loader } from './landing-signup.ts';

const run = (url: string): Response => {
  try {
    loader({ request: new Request(url), params: {}, context: {} } as never);
  } catch (thrown) {
    return thrown as Response;
  }
  throw new Error('expected a redirect');
};

describe('/landingSignup (spec platform §2 Other)', () => {
  it('leads to /auth, keeping the query', () => {
    const res = run('http://x/landingSignup?s=vk_ads&back=%2Fmovies');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?s=vk_ads&back=%2Fmovies');
  });

  it('leads to /auth without a query', () => {
    expect(run('http://x/landingSignup').headers.get('location')).toBe('/auth');
  });
});
