import { ApiRoute } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

// The API registers exactly the routes of the one endpoint table (packages/contracts api-paths.ts): a route
// added with a path outside the table, or a table entry no route serves, fails here.
describe('the endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const registered = () => {
    // printRoutes draws a tree: each line is a node, "│   " or "    " per level, then "├── " or "└── ", then the
    // part of the path below its parent and, where a route ends, its methods: "└── /confirm (POST)".
    const text = t.app.printRoutes({ commonPrefix: false });
    const stack: string[] = [];
    const paths = new Set<string>();
    for (const line of text.split('\n')) {
      const match = /^((?:[│ ] {3})*)[├└]── (\S*)(?: \(([^)]*)\))?$/.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      stack.length = depth;
      const full = (depth > 0 ? stack[depth - 1] : '') + (match[2] ?? '');
      stack.push(full);
      const methods = (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD' && m !== 'OPTIONS');
      if (methods.length > 0 && full.startsWith('/api/')) paths.add(full);
    }
    return paths;
  };

  it('serves every route of the table', () => {
    const served = registered();
    // The tree draws a wildcard route's `*` as a node of its own; Fastify's own lookup settles those.
    const serves = (url: string) => served.has(url) || ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((method) => t.app.hasRoute({ method, url }));
    expect(Object.values(ApiRoute).filter((path) => !serves(path))).toEqual([]);
  });

  it('serves no route outside the table', () => {
    const table = new Set<string>(Object.values(ApiRoute));
    expect([...registered()].filter((path) => !table.has(path)).sort()).toEqual([]);
  });
});
