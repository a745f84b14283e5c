import type { Notice } from './auth-message';

/** Router state that carries a message to the next auth screen. */
export interface NoticeState {
  notice: Notice;
}

export function noticeFromState(state: unknown): Notice | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice = state.notice;
  if (
    typeof notice !== 'object' ||
    notice === null ||
    !('text' in notice) ||
    typeof notice.text !== 'string'
  ) {
    return null;
  }
  const tone = 'tone' in notice ? notice.tone : undefined;
  return {
    text: notice.text,
    ...(tone === 'success' || tone === 'error' || tone === 'info' ? { tone } : {}),
  };
}
