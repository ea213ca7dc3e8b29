import { createContext, useContext } from 'react';
import type { ContainerTagItem, Session } from './api/types';

export interface ConsoleState {
  session: Session;
  /** Every tag the key sees, with counts (scoped keys: their tags, without counts). */
  tags: ContainerTagItem[];
  /** The tag picked in the header; null = all. */
  tag: string | null;
  setTag: (tag: string | null) => void;
  reloadTags: () => void;
}

export const ConsoleContext = createContext<ConsoleState | null>(null);

export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext);
  if (!state) throw new Error('useConsole outside the console');
  return state;
}

/** The tags a list or search covers: the picked one, or all the key sees. */
export function scopeTags(state: ConsoleState): string[] {
  return state.tag ? [state.tag] : state.tags.map((t) => t.containerTag);
}
