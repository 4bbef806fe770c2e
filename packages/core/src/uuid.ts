// UUIDs: the one pattern for ids in paths, query strings and cookies (any version; PostgreSQL's uuid type
// accepts these and refuses anything else with an error, so ids are checked before they reach a query).

/** The pattern without anchors, for building larger patterns (a recording id `rec.<uuid>`). */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** Whether `value` is a UUID in its canonical 8-4-4-4-12 hex form (either case). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);
