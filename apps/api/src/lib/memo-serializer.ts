import { serializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = typeof serializerCompiler;

/**
 * The zod response serializer (encode against the route's schema, then JSON), remembered per answer object: the
 * public catalogue's answers are kept in the services' answer caches and handed out as the same object to every
 * visitor, so each is encoded once while it is cached rather than on every request (a home page's rows were 160 kB of
 * JSON, most of that call's time). A fresh object per request is encoded as before; its entry goes with it.
 */
export const memoSerializerCompiler: SerializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const memo = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    const known = memo.get(data);
    if (known !== undefined) return known;
    const json = serialize(data);
    memo.set(data, json);
    return json;
  };
};
