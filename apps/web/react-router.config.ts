import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Middleware establishes the visitor's session once per request, before any loader runs.
  future: { v8_middleware: true },
  // React Router's own Origin check covers page actions only and answers 400; app/lib/csrf.server.ts checks every
  // state-changing request of the site (resource routes too) in the root middleware and answers 403, with the one
  // cross-origin exception scoped to its path (Sign in with Apple's form_post to /token/apple, decision 007). '**'
  // hands every origin to that check, so there is one rule, not two that disagree.
  allowedActionOrigins: ['**'],
  // A page carries the manifest of the routes it matched, not the whole table; the browser asks /__manifest (same
  // origin, so the CSP's connect-src 'self' covers it) for the routes of the links it may follow. React Router's
  // default, written down because the page-JavaScript budget counts on it (decision 046).
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} satisfies Config;
