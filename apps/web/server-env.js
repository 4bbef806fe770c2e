// Imported first by server.js: React and React Router pick their production builds from NODE_ENV when
// they load, and ESM evaluates imports in order, so this must run before any of them.
process.env.NODE_ENV ??= 'production';
