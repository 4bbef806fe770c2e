// Import boundaries of the monorepo, checked by `npm run depcheck` (dependency-cruiser) in .ci/run.
// Each rule is an error: the check fails on any violation. Type-only imports count too
// (tsPreCompilationDeps), because a type import back up a layer is the start of a real one.
// Layering (README "Checks"): packages/core is pure; the web never reaches the database or the API's code;
// in the web, components sit below routes and lib below both; in the API, a module calls another module's
// service, never its repository, and nothing below app.ts imports app.ts.

/** Test files: they may build an app or reach a repo to arrange their fixtures. */
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules in it cannot be understood, tested or loaded one without the other.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-not-db-or-api',
      severity: 'error',
      comment: 'The web talks to the API over HTTP only (through @ekran/contracts); it never imports the database package or the API.',
      from: { path: '^apps/web/' },
      to: { path: ['^packages/db/', '^apps/api/', '(^|/)node_modules/@ekran/(db|api)(/|$)'] },
    },
    {
      name: 'web-components-not-routes',
      severity: 'error',
      comment: 'Components are below routes: a route composes components, a component never imports a route module.',
      from: { path: '^apps/web/app/components/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'web-lib-not-ui',
      severity: 'error',
      comment: 'app/lib is below components and routes: it never imports either.',
      from: { path: '^apps/web/app/lib/', pathNot: TEST },
      to: { path: '^apps/web/app/(components|routes)/' },
    },
    {
      name: 'api-module-not-other-repo',
      severity: 'error',
      comment: "A module never reads another module's repository; it calls that module's service.",
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST },
      to: { path: '^apps/api/src/modules/[^/]+/.*\\.repo\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'api-not-app',
      severity: 'error',
      comment: 'app.ts is the composition root: modules and plugins receive what they need, they never import app.ts.',
      from: { path: '^apps/api/src/(modules|plugins)/', pathNot: TEST },
      to: { path: '^apps/api/src/app\\.ts$' },
    },
    {
      name: 'core-pure',
      severity: 'error',
      comment: 'packages/core is pure rules: it imports only itself (no node built-ins, no npm packages, no other workspace).',
      from: { path: '^packages/core/src/', pathNot: TEST },
      to: { pathNot: '^packages/core/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)(build|dist|coverage)/',
        '(^|/)\\.react-router/',
        '^packages/db/drizzle/',
      ],
    },
    tsPreCompilationDeps: true,
    // Workspace packages are symlinks in node_modules: follow them to their source so that
    // `@ekran/db` is seen as packages/db/src/index.ts.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
