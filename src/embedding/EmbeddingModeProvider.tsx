import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { runTimeEmbedded, tabStorage } from "./run-time-mode";

const EmbeddedAtRunTimeContext = createContext(false);

/**
 * Wraps every page (wrapPageElement). The mode is read in an effect, so after hydration: the
 * server render knows no query and no tab, and the first client render must match it.
 */
export function EmbeddingModeProvider({ search, children }: { search: string; children: ReactNode }) {
  const [embedded, setEmbedded] = useState(false);
  // Not urgent (see useNow): a render React may interrupt.
  useEffect(() => startTransition(() => setEmbedded(runTimeEmbedded(search, tabStorage()))), [search]);
  return <EmbeddedAtRunTimeContext.Provider value={embedded}>{children}</EmbeddedAtRunTimeContext.Provider>;
}

/** Whether this tab entered 'tapos_embedded' mode at run time (the build's mode is separate). */
export function useEmbeddedAtRunTime(): boolean {
  return useContext(EmbeddedAtRunTimeContext);
}
