// Imported first by server.js: React and React Router pick their production builds from NODE_ENV when
// they load, and ESM evaluates imports in order, so this must run before any of them.
process.env.NODE_ENV ??= 'production';

/**
 * What a production site cannot start without: its public origin (canonical links, Open Graph and JSON-LD never
 * take the request's Host). The site's API key is no secret (browsers send it); a production API refuses the
 * published default itself, so a site still using it fails at its first call rather than at start.
 * @param {Record<string, string | undefined>} settings
 * @returns {string[]}
 */
export function productionProblems(settings) {
  if (settings.NODE_ENV !== 'production') return [];
  const problems = [];
  if (!settings.SITE_ORIGIN) problems.push('SITE_ORIGIN: required in production (the public origin of the site, e.g. https://ekran.ru)');
  return problems;
}

const problems = productionProblems(process.env);
if (problems.length) {
  console.error(`Invalid web settings:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
