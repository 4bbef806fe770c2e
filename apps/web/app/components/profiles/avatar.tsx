import type { Avatar } from '@ekran/contracts';

/** A profile avatar (the API's SVG art), round. */
export function AvatarImage({ avatar, size = 40, className = '' }: { avatar: Pick<Avatar, 'url'>; size?: number; className?: string }) {
  return <img className={`avatar ${className}`.trim()} src={avatar.url} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
