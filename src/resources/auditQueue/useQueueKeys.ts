import { useEffect, useRef } from 'react';

/** What the queue's keys do. */
export interface QueueKeyActions {
  /** Moves the current ticket by `step` (+1 for j, -1 for k). */
  move: (step: 1 | -1) => void;
  /** x: selects or unselects the current ticket. */
  toggle: () => void;
  /** a: accepts the selected tickets, else the current one. */
  accept: () => void;
  /** f: asks the reason to flag the selected tickets, else the current one. */
  flag: () => void;
}

const KEYS: Record<string, keyof QueueKeyActions | undefined> = { j: 'move', k: 'move', x: 'toggle', a: 'accept', f: 'flag' };

/** Input types a key press does not type into (the keys act on the queue even when one has focus). */
const NOT_TYPING = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** True when the key goes to something the user types in or chooses from (a field, a list of options, a dialog or menu). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName === 'INPUT' && !NOT_TYPING.has((target as HTMLInputElement).type)) return true;
  return !!target.closest('[role="dialog"], [role="listbox"], [role="menu"], [role="combobox"]');
}

/** True while a dialog, menu, drawer or option list is open over the page (MUI's modals). */
const modalOpen = () => !!document.querySelector('.MuiModal-root:not(.MuiModal-hidden)');

/**
 * The auditors' queue keys, on the whole page while it shows: j / k move the current ticket down
 * / up, x selects it, a accepts, f flags. Keys with Ctrl, Alt or Meta are left alone, and none act
 * while the user types in a field or while `paused` (the reason dialog) or any dialog or menu is open.
 */
export function useQueueKeys(actions: QueueKeyActions, paused: boolean): void {
  const latest = useRef({ actions, paused });
  useEffect(() => {
    latest.current = { actions, paused };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { actions: act, paused: isPaused } = latest.current;
      const action = KEYS[event.key];
      if (!action || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isPaused || isTyping(event.target) || modalOpen()) return;
      event.preventDefault();
      if (action === 'move') act.move(event.key === 'j' ? 1 : -1);
      else act[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
