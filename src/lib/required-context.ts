import { createContext, useContext, type Context } from "react";

/**
 * A context without a default, and the hook that reads it: outside its provider the hook throws,
 * naming itself and the provider, instead of handing the component null.
 */
export function requiredContext<T>(hookName: string, providerName: string): [Context<T | null>, () => T] {
  const context = createContext<T | null>(null);
  const useRequiredContext = (): T => {
    const value = useContext(context);
    if (!value) throw new Error(`${hookName} must be used inside <${providerName}>`);
    return value;
  };
  return [context, useRequiredContext];
}
