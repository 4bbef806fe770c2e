import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4000';

export default defineConfig({
  plugins: [reactRouter()],
  // Our workspace packages are TypeScript source: bundle them into the server build.
  ssr: { noExternal: [/^@ekran\//] },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // Development: one origin, as in production.
    proxy: { '/api': { target: apiUrl, changeOrigin: false } },
  },
  build: { target: 'es2022' },
});
