/** What a fake window may say of its host: framed unless `parent` is left out, then its own parent. */
export interface WindowShape {
  parent?: unknown;
  opener?: unknown;
  ancestors?: string[];
  referrer?: string;
}

/** A window as the host and editor detection read it, served from `origin`. */
export function windowAt(origin: string, options: WindowShape): Window {
  const win: Record<string, unknown> = {
    opener: options.opener ?? null,
    location: { origin, ancestorOrigins: options.ancestors },
    document: { referrer: options.referrer ?? "" },
  };
  win.parent = options.parent ?? win;
  return win as unknown as Window;
}
