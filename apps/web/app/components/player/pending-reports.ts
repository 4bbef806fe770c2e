// The progress reports still on their way. A page that shows where the viewer stopped («Продолжить с …») loads
// its data again when the player closes, and must do so after the player's last report has landed, or the
// answer still says «Смотреть». Kept apart from the reporter so the page needs nothing else of the player.

const pending = new Set<Promise<unknown>>();

/** Keeps `request` among the reports under way until it settles. */
export function trackReport(request: Promise<unknown>): void {
  const settled = request.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
}

/** Resolves once every report under way now has been answered (or failed); at most `timeoutMs` later. */
export function reportsSettled(timeoutMs = 3_000): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.all([...pending]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
