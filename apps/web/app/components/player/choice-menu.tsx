import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

/** One entry of a player menu. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * A menu of the control bar (quality, audio, subtitles, speed): a Radix dropdown whose items are one radio
 * group, so screen readers announce the checked entry and arrows/Home/End/typeahead work. It renders into the
 * player (`container`), since in full screen only the player's own subtree is shown.
 */
export function ChoiceMenu({
  label,
  icon,
  value,
  choices,
  onChange,
  onOpenChange,
  container,
  testId,
  badge,
  returnFocus,
}: {
  label: string;
  icon: ReactNode;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  onOpenChange: (open: boolean) => void;
  container: HTMLElement | null;
  testId: string;
  /** A short mark on the button (e.g. «HD»). */
  badge?: string | undefined;
  /**
   * Where focus goes when the menu closes: the player itself, so its keys (Space pauses) act at once, rather
   * than the menu's button, where Space would open the menu again. Without it, back to the button.
   */
  returnFocus?: HTMLElement | null | undefined;
}) {
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className="player__btn" aria-label={label} title={label} data-testid={testId}>
        {icon}
        {badge ? <span className="player__badge" aria-hidden="true">{badge}</span> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          className="player-menu"
          side="top"
          align="end"
          sideOffset={10}
          collisionPadding={8}
          data-testid={`${testId}-menu`}
          onCloseAutoFocus={(e) => {
            if (!returnFocus) return;
            e.preventDefault();
            returnFocus.focus({ preventScroll: true });
          }}
        >
          <DropdownMenu.Label className="player-menu__label">{label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
            {choices.map((c) => (
              <DropdownMenu.RadioItem key={c.value} value={c.value} className="player-menu__item" data-value={c.value}>
                <DropdownMenu.ItemIndicator className="player-menu__check">
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </DropdownMenu.ItemIndicator>
                {c.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
