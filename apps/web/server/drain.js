/**
 * compression hands res.on('drain') to its zlib stream but not res.removeListener, so every
 * once('drain') of a streamed render stays attached to the stream until the response ends (and Node
 * warns of a leak). Forward the removal to the stream that received the listener.
 * @param {import('express').Request} _req
 * @param {import('express').Response} res
 * @param {import('express').NextFunction} next
 * @returns {void}
 */
export function forwardDrainListenerRemoval(_req, res, next) {
  const on = res.on;
  const removeListener = res.removeListener;
  /** @type {NodeJS.EventEmitter | null} */
  let stream = null;
  res.on = res.addListener = function (type, listener) {
    const target = on.call(this, type, listener);
    if (type === 'drain' && target !== this) stream = target;
    return this;
  };
  res.removeListener = res.off = function (type, listener) {
    if (type === 'drain' && stream) stream.removeListener(type, listener);
    return removeListener.call(this, type, listener);
  };
  next();
}
