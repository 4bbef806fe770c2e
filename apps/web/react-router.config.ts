import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Middleware establishes the visitor's session once per request, before any loader runs.
  future: { v8_middleware: true },
} satisfies Config;
