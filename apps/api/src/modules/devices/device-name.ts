import type { AccountDevice } from '@ekran/contracts';
import Bowser from 'bowser';

const PLATFORMS = ['desktop', 'mobile', 'tablet', 'tv'] as const;
type Platform = (typeof PLATFORMS)[number];

/**
 * A readable, language-neutral name of a device from its user agent ("Chrome 124 · Windows 10",
 * "Safari 17 · iPhone · iOS 17.4") and its platform; nulls when the agent names no browser.
 */
export function describeUserAgent(ua: string | null): { name: string | null; platform: Platform | null } {
  if (!ua) return { name: null, platform: null };
  const { browser, os, platform } = Bowser.getParser(ua).getResult();
  const major = browser.version?.split('.')[0];
  const parts = [
    browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : null,
    platform.model ?? null,
    os.name ? osName(os.name, os.version, os.versionName) : null,
  ].filter((p): p is string => Boolean(p));
  const type = platform.type;
  return {
    name: browser.name ? parts.join(' · ') : null,
    platform: (PLATFORMS as readonly string[]).includes(type ?? '') ? (type as Platform) : null,
  };
}

function osName(name: string, version: string | undefined, versionName: string | undefined): string {
  // Windows reports NT versions ("NT 10.0"); its marketing name ("10") is what people know.
  if (name === 'Windows') return versionName ? `Windows ${versionName}` : 'Windows';
  if (name === 'macOS' || name === 'Linux' || !version) return name;
  return `${name} ${version}`;
}

/** The account-list view of a device row. */
export function toAccountDevice(
  row: { id: string; deviceUid: string; deviceType: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date },
  currentDeviceId: string | null,
): AccountDevice {
  const { name, platform } = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    uid: row.deviceUid,
    type: row.deviceType,
    name,
    platform,
    first_seen_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    is_current: row.id === currentDeviceId,
  };
}
