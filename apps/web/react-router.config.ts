import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Middleware establishes the visitor's session once per request, before any loader runs.
  future: { v8_middleware: true },
  // Sign in with Apple answers by a POST from its own origin to /token/apple (response_mode=form_post);
  // that action only turns the answer into a GET (docs/decisions/007-social-sign-in.md). React Router checks page
  // actions only; app/lib/csrf.server.ts checks every state-changing request and allows Apple for /token/apple alone.
  allowedActionOrigins: ['appleid.apple.com'],
} satisfies Config;
